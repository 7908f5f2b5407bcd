import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  body: URLSearchParams;
  authorization: string | undefined;
}

type Responder = (request: RecordedRequest) => { status?: number; body: unknown } | undefined;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/**
 * A local stand-in for Stripe's API, at the network boundary: the official SDK talks HTTP to it,
 * it records every request and answers with what the test set up. Nothing leaves the machine.
 */
export async function startStripeDouble(respond: Responder) {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (request, response) => {
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: (request.url ?? '/').split('?')[0]!,
      body: new URLSearchParams(await readBody(request)),
      authorization: request.headers.authorization,
    };
    requests.push(recorded);
    const answer = respond(recorded) ?? {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: `No double for ${recorded.method} ${recorded.path}`,
        },
      },
    };
    response.writeHead(answer.status ?? 200, {
      'content-type': 'application/json',
      'request-id': 'req_double',
    });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
