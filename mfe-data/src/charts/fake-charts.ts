// Tests' stand-in for echarts (happy-dom has no canvas): each chart drawn records its option.
export const drawnOptions: Record<string, unknown>[] = [];

export const fakeCharts = {
  loadCharts: async () => ({
    echarts: {
      init: () => ({
        setOption: (option: Record<string, unknown>) => drawnOptions.push(option),
        resize: () => {},
        dispose: () => {},
      }),
    },
  }),
};

/** A BFF that answers `GET <path>` from handlers given the query, and records each call. */
export function statsBff(handlers: Record<string, (query: URLSearchParams) => unknown>) {
  const calls: { path: string; query: URLSearchParams }[] = [];
  const fetchImpl = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    calls.push({ path, query: url.searchParams });
    const handler = handlers[path];
    const body = handler ? { code: 0, data: handler(url.searchParams) } : { code: 412, message: 'data does not exist' };
    return new Response(JSON.stringify(body), { status: handler ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetchImpl, calls };
}
