import type { Db } from '@complivue/db/database';
import { emailOutbox } from '@complivue/db/schema/platform';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go when it is not the sender (a contact-form message: the visitor). */
  replyTo?: string;
  /** Files sent with the message (a scheduled report's PDF); the outbox keeps only their names. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  /** `smtp` sends; `outbox` keeps the message for the operator. */
  mode: 'smtp' | 'outbox';
  send(message: EmailMessage): Promise<void>;
  /** This instance's last send since it started, for the self-check; null before the first. */
  lastDelivery?(): DeliveryRecord | null;
  /** Connects to the SMTP server and logs in without sending anything (smtp mode). */
  verify?(): Promise<void>;
}

export interface DeliveryRecord {
  at: Date;
  ok: boolean;
  /** The transport's own words when it failed (may name a recipient: operator eyes only). */
  error?: string;
}

/** Remembers the outcome of each send, without changing what `send` does or throws. */
function recordingDeliveries(mailer: Mailer): Mailer {
  let last: DeliveryRecord | null = null;
  return {
    ...mailer,
    async send(message) {
      try {
        await mailer.send(message);
        last = { at: new Date(), ok: true };
      } catch (error) {
        const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
        last = {
          at: new Date(),
          ok: false,
          error: cause instanceof Error ? cause.message : String(cause),
        };
        throw error;
      }
    },
    lastDelivery: () => last,
  };
}

export class EmailUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The email service could not take the message', { cause });
    this.name = 'EmailUnavailableError';
  }
}

export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return recordingDeliveries({
      mode: 'smtp',
      async send(message) {
        try {
          await transport.sendMail({ from: options.from, ...message });
        } catch (error) {
          throw new EmailUnavailableError(error);
        }
      },
      verify: async () => void (await transport.verify()),
    });
  }
  return recordingDeliveries({
    mode: 'outbox',
    async send(message) {
      const { replyTo: _replyTo, attachments, ...stored } = message;
      const attached = attachments?.map((file) => file.filename).join(', ');
      await options.db
        .insert(emailOutbox)
        .values(attached ? { ...stored, text: `${stored.text}\n\nAttached: ${attached}` } : stored);
      // Without SMTP the operator has no other way to see a reset link.
      options.log.info(
        { to: message.to, subject: message.subject, text: message.text },
        'email kept in outbox',
      );
    },
  });
}
