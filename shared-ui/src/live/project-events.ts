// A project's live events over Server-Sent Events (ARCHITECTURE §4): one EventSource per page,
// same origin, the session cookie authenticates it. The browser reconnects a dropped stream by
// itself; a stream the server closed for good (an error answer) is opened again here, with back-off.
import { ProjectEventSchema, type ProjectEvent } from '@airloom/contracts';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

export interface ProjectEventsHandlers {
  onEvent(event: ProjectEvent): void;
  onState(state: LiveState): void;
  /** The stream is back after a break: whatever happened meanwhile was missed. */
  onReconnected(): void;
}

export type EventSourceFactory = (url: string) => EventSource;

const EVENT_TYPES = ['device', 'device-removed', 'operation', 'config', 'log', 'clients'] as const;
const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];
const CLOSED = 2; // EventSource.CLOSED

/** Same origin as the API client's default base; the cookie authenticates the stream. */
export function projectEventsUrl(projectId: number): string {
  return `/api/v1/projects/${projectId}/events`;
}

export function openProjectEvents(url: string, handlers: ProjectEventsHandlers, create: EventSourceFactory = (u) => new EventSource(u)): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let broken = false;
  let closed = false;

  const onMessage = (message: MessageEvent) => {
    let data: unknown;
    try {
      data = JSON.parse(String(message.data));
    } catch {
      return;
    }
    // `event:` names the type; the JSON may leave it out
    const withType = typeof data === 'object' && data !== null && !('type' in data) ? { ...data, type: message.type } : data;
    const parsed = ProjectEventSchema.safeParse(withType);
    if (parsed.success) handlers.onEvent(parsed.data);
  };

  function connect(): void {
    const es = create(url);
    source = es;
    for (const type of EVENT_TYPES) es.addEventListener(type, onMessage as EventListener);
    es.onopen = () => {
      failures = 0;
      handlers.onState('live');
      if (broken) {
        broken = false;
        handlers.onReconnected();
      }
    };
    es.onerror = () => {
      if (closed) return;
      broken = true;
      handlers.onState('reconnecting');
      if (es.readyState !== CLOSED) return; // the browser retries by itself
      es.close();
      const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
      failures += 1;
      timer = setTimeout(connect, delay);
    };
  }

  handlers.onState('connecting');
  connect();
  return () => {
    closed = true;
    if (timer) clearTimeout(timer);
    source?.close();
  };
}
