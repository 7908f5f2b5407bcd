import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  to: string[];
  /** The raw message with quoted-printable soft breaks and escapes undone. */
  body: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * A real SMTP server on a free local port (or `port`) that keeps what it receives. With
 * `holdReplies`, it takes each message but does not answer the client until `release()`: a
 * mail server that is slow, for as long as a test needs it to be.
 */
export async function startSmtpReceiver(options: { port?: number; holdReplies?: boolean } = {}) {
  const received: ReceivedEmail[] = [];
  const waiting: {
    wants: (email: ReceivedEmail) => boolean;
    take: (email: ReceivedEmail) => void;
  }[] = [];
  let holding = options.holdReplies ?? false;
  const heldReplies: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const email = {
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          body: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        };
        const waiter = waiting.findIndex(({ wants }) => wants(email));
        if (waiter === -1) received.push(email);
        else waiting.splice(waiter, 1)[0]!.take(email);
        if (holding) heldReplies.push(() => callback());
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /**
     * The next message, or one that already arrived and was not taken yet; with `to`, the next
     * one to that address (what other tests sent meanwhile stays for them).
     */
    nextEmail(to?: string): Promise<ReceivedEmail> {
      const wants = (email: ReceivedEmail) => to === undefined || email.to.includes(to);
      const already = received.findIndex(wants);
      if (already !== -1) return Promise.resolve(received.splice(already, 1)[0]!);
      return new Promise((take) => waiting.push({ wants, take }));
    },
    /** Answers the held messages and every later one at once. */
    release() {
      holding = false;
      for (const reply of heldReplies.splice(0)) reply();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
