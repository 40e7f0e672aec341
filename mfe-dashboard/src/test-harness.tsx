// Renders a page of this remote the way the shell mounts it (the remote kit's providers, MfeProps,
// a router), over a fake BFF that records each request's query. The live stream is one the test
// drives, and echarts is stood in for by a recorder of the options each chart was given (the
// canvas itself is not drawn in happy-dom).
import type { ReactElement } from 'react';
import { ErrorCode, type ActivationEvent, type ActivationItem, type ActivationListResponse, type ActivationSummary } from '@airloom/contracts';
import { addResources, createApiClient } from '@airloom/shared-ui';
import { renderRemotePage } from '@airloom/shared-ui/testing';
import { DataScreenContext, DEFAULT_SETTINGS, type DataScreenSettings } from './features/datascreen/context';
import type { OpenStream } from './live/activation-events';
import { dashboardEn } from './texts';

addResources('dashboard', dashboardEn);

/** the options each chart was drawn with, newest last */
export const drawn: { map?: string; option: Record<string, unknown> }[] = [];

/** stands in for charts/load-charts (each test file mocks it with this) */
export const fakeCharts = {
  loadCharts: async () => ({
    ensureMap: async () => {},
    echarts: {
      init: () => {
        const chart = {
          setOption: (option: Record<string, unknown>) => drawn.push({ option }),
          resize: () => {},
          dispose: () => {},
          on: () => {},
        };
        return chart;
      },
    },
  }),
};

export interface Recorded {
  path: string;
  query: URLSearchParams;
}

export const ok = (data: unknown) => ({ body: { code: 0, data } });

/** A fake BFF: `GET <path>` handlers get the query; anything else is "data does not exist". */
export function fakeApi(handlers: Record<string, (query: URLSearchParams) => { status?: number; body: unknown }>) {
  const requests: Recorded[] = [];
  const fetchImpl = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    requests.push({ path, query: url.searchParams });
    const handler = handlers[`GET ${path}`];
    const answer = handler ? handler(url.searchParams) : { status: 404, body: { code: ErrorCode.DATA_NOT_FOUND, message: 'data does not exist' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  };
  return { api: createApiClient({ fetchImpl }), requests, to: (path: string) => requests.filter((r) => r.path === path) };
}

/** A live stream the test writes activation events into; `end()` breaks it, as a lost network would. */
export function scriptedStream() {
  const opened: ReadableStreamDefaultController<Uint8Array>[] = [];
  const encoder = new TextEncoder();
  const open: OpenStream = async () =>
    new Response(new ReadableStream<Uint8Array>({ start: (c) => void opened.push(c) }), { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  return {
    open,
    opened,
    push(event: ActivationEvent) {
      opened.at(-1)!.enqueue(encoder.encode(`event: activation\ndata: ${JSON.stringify(event)}\n\n`));
    },
    end() {
      opened.at(-1)!.close();
    },
  };
}

export function renderScreen(ui: ReactElement, api: ReturnType<typeof fakeApi>['api'], settings: Partial<DataScreenSettings> = {}) {
  return renderRemotePage(<DataScreenContext.Provider value={{ ...DEFAULT_SETTINGS, ...settings }}>{ui}</DataScreenContext.Provider>, api, {
    path: '/overview/preview/datascreen',
  });
}

const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

export function summary(over: Partial<ActivationSummary> = {}): ActivationSummary {
  return {
    range: '15d',
    from: daysAgo(14),
    counters: { total: 3020, today: 12, last7d: 255, last30d: 654 },
    byType: [{ type: 'ap', count: 40 }, { type: 'switch', count: 15 }],
    byBrand: [{ brand: 'Airloom', count: 45 }, { brand: 'NetHaven', count: 10 }],
    trend: [{ day: daysAgo(1), type: 'ap', count: 30 }, { day: today, type: 'ap', count: 10 }, { day: today, type: 'switch', count: 15 }],
    trendBrand: [{ day: daysAgo(2), brand: 'NetHaven', count: 10 }, { day: daysAgo(1), brand: 'Airloom', count: 30 }, { day: today, brand: 'Airloom', count: 15 }],
    countries: [{ country: 'DE', count: 30 }, { country: 'FR', count: 20 }, { country: '', count: 5 }],
    top: [{ country: 'DE', state: '', count: 30 }, { country: 'FR', state: '', count: 20 }, { country: '', state: '', count: 5 }],
    regions: [],
    ...over,
  };
}

export const EMPTY_SUMMARY = summary({ counters: { total: 0, today: 0, last7d: 0, last30d: 0 }, byType: [], byBrand: [], trend: [], trendBrand: [], countries: [], top: [] });

export function activation(over: Partial<ActivationItem> = {}): ActivationItem {
  const now = new Date().toISOString();
  return {
    sn: 'ALSW000000000001', type: 'switch', model: 'AL-SW24P', brand: 'Airloom', mac: '02:41:4C:00:00:01', publicIp: '84.128.5.201',
    country: 'DE', state: 'NW', city: 'Herford', activatedAt: now, updatedAt: now, ...over,
  };
}

export function listOf(items: ActivationItem[], total = items.length, page = 1): ActivationListResponse {
  return { items, total, page, pageSize: 50 };
}
