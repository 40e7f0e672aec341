// `@airloom/shared-ui/testing`: for the remotes' tests. The real API client (envelope, CSRF header,
// error texts) over an in-memory fetch that records each request and answers like the BFF; a
// request with no handler gets the BFF's "data does not exist". And the MfeProps the shell gives.
import { ErrorCode } from '@airloom/contracts';
import { vi } from 'vitest';
import { createApiClient } from './api/client';
import type { MfeProps, ProjectRef } from './mfe/props';

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

/** What the shell would pass: Ann's session, no project unless given, the shell's callbacks as spies. */
export function testMfeProps(
  api: MfeProps['api'],
  options: { project?: ProjectRef; demo?: boolean; preferences?: MfeProps['preferences']; hiddenColumns?: Record<string, string[]> } = {},
): MfeProps {
  // Ann's stored column choices, as the shell keeps them per account
  const hiddenColumns = new Map(Object.entries(options.hiddenColumns ?? {}));
  return {
    session: { account: 'ann@example.com', nick: 'Ann', role: 0, demo: options.demo ?? false },
    project: options.project ?? null,
    setLoading: vi.fn(),
    navigate: vi.fn(),
    openProject: vi.fn(),
    api,
    ...(options.preferences ? { preferences: options.preferences } : {}),
    tableColumns: {
      hidden: (tableId) => hiddenColumns.get(tableId) ?? null,
      setHidden: vi.fn((tableId: string, hidden: string[]) => void hiddenColumns.set(tableId, hidden)),
    },
  };
}

// A page rendered as createRemote mounts it, and a live stream the test drives.
export { renderRemotePage } from './testing/render';
export type { RenderRemoteOptions } from './testing/render';
export { ScriptedEventSource, createScriptedEventSource } from './testing/event-source';
export { deviceItem, operationItem } from './testing/records';
export { demoProject, ok, ownProject, readOnlyProject, refused, renderAt } from './testing/route-page';
export type { PageOptions } from './testing/route-page';
