// A webhook receiver for tests: a real local HTTP server that checks each request's signature the way
// docs/data.md tells a receiver to (node:crypto only, nothing of the console's code), and answers the
// statuses it is told to, in order.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** the signature matched HMAC-SHA256(secret, timestamp + "." + body) */
  signatureValid: boolean;
  /** the timestamp is within 5 minutes of the receiver's clock */
  fresh: boolean;
  answered: number;
}

export interface TestReceiver {
  url: string;
  received: Received[];
  /** statuses to answer, in order; then 200 */
  answers: number[];
  secret: string;
  close(): Promise<void>;
}

export function verifySignature(secret: string, timestamp: string, body: string, header: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startReceiver(now: () => number = Date.now): Promise<TestReceiver> {
  const state = { secret: '', answers: [] as number[], received: [] as Received[] };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const timestamp = String(req.headers['x-airloom-timestamp'] ?? '');
      const signature = String(req.headers['x-airloom-signature'] ?? '');
      const status = state.answers.shift() ?? 200;
      state.received.push({
        headers: req.headers,
        body,
        signatureValid: verifySignature(state.secret, timestamp, body, signature),
        fresh: Math.abs(now() / 1000 - Number(timestamp)) <= 300,
        answered: status,
      });
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/airloom`,
    get received() {
      return state.received;
    },
    get answers() {
      return state.answers;
    },
    set answers(list: number[]) {
      state.answers = list;
    },
    get secret() {
      return state.secret;
    },
    set secret(value: string) {
      state.secret = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
