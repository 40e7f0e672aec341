// `@airloom/shared-ui/testing`: for the remotes' tests. The real API client (envelope, CSRF header,
// error texts) over an in-memory fetch that records each request and answers like the BFF; a
// request with no handler gets the BFF's "data does not exist".
import { ErrorCode } from '@airloom/contracts';
import { createApiClient } from './api/client';

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

export type FakeBffHandler = (req: RecordedRequest) => { status?: number; body: unknown };

export function fakeBff(handlers: Record<string, FakeBffHandler>) {
  const requests: RecordedRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const req: RecordedRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api\/v1/, ''),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(req);
    const handler = handlers[`${req.method} ${req.path}`];
    const answer = handler ? handler(req) : { status: 404, body: { code: ErrorCode.DATA_NOT_FOUND, message: 'data does not exist' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  };
  return { api: createApiClient({ fetchImpl }), requests, count: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path).length };
}
