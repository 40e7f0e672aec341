import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '@airloom/shared-ui';
import { WallDisplay } from './WallDisplay';
import { idleSettings, takeKey } from './wall-display';
import { activation, listOf, summary } from '../test-harness';

vi.mock('../charts/load-charts', async () => (await import('../test-harness')).fakeCharts);

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const ME = { account: 'wall@example.com', nick: 'Wall', role: 0, demo: false };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The BFF as the wall display sees it: `good` is the one key it accepts, read-write when `access` says so. */
function server(good: string | null, access?: 'r' | 'rw') {
  const seen: { path: string; authorization: string | null }[] = [];
  const doFetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const authorization = new Headers(init?.headers).get('Authorization');
    seen.push({ path, authorization });
    if (good !== null && authorization !== `Bearer ${good}`) return json({ code: 8, message: 'log in' }, 401);
    if (path === '/api/v1/activations/events') return new Response(new ReadableStream(), { status: 200 });
    if (path === '/api/v1/auth/me') return json({ code: 0, data: { ...ME, ...(good ? { apiKey: { access: access ?? 'r' } } : {}) } });
    if (path === '/api/v1/activations/summary') return json({ code: 0, data: summary() });
    if (path === '/api/v1/activations') return json({ code: 0, data: listOf([activation()]) });
    return json({ code: 412, message: 'data does not exist' }, 404);
  }) as unknown as typeof fetch;
  return { doFetch, seen };
}

function show(key: string | null, doFetch: typeof fetch) {
  return render(
    <AppProviders>
      <WallDisplay initialKey={key} search="" storage={sessionStorage} doFetch={doFetch} />
    </AppProviders>,
  );
}

describe('the wall display', () => {
  it('takes the key out of the address and keeps it for this tab', () => {
    window.history.replaceState(null, '', '/remotes/dashboard/index.html?key=alk_abc&idle=60');
    expect(takeKey(window.location, sessionStorage, window.history)).toBe('alk_abc');
    expect(window.location.search).toBe('?idle=60');
    expect(takeKey(window.location, sessionStorage, window.history)).toBe('alk_abc');
  });

  it('polls for idleness every 3 s unless told otherwise, idle after the given seconds', () => {
    expect(idleSettings('')).toEqual({ pollMs: 3000, timeoutMs: 120_000 });
    expect(idleSettings('?idle=30&poll=5')).toEqual({ pollMs: 5000, timeoutMs: 30_000 });
    expect(idleSettings('?idle=soon')).toEqual({ pollMs: 3000, timeoutMs: 120_000 });
  });

  it('shows the data screen with a read-only key, sent as a Bearer header on every call and on the live stream', async () => {
    const { doFetch, seen } = server('alk_good');
    show('alk_good', doFetch);
    await screen.findByText('3,020');
    await waitFor(() => expect(seen.map((s) => s.path)).toContain('/api/v1/activations/events'));
    expect(seen.every((s) => s.authorization === 'Bearer alk_good')).toBe(true);
    // a download link would not carry the key
    await screen.findByRole('table', { name: 'Activated devices' });
    expect(screen.queryByRole('link', { name: 'Export .xlsx' })).toBeNull();
  });

  it('asks for a key when the one it has is refused, then signs in with the typed one', async () => {
    const user = userEvent.setup();
    const { doFetch } = server('alk_good');
    sessionStorage.setItem('airloom.datascreen.key', 'alk_old');
    show('alk_old', doFetch);
    await screen.findByText('This key was refused. Check it and try again.');
    expect(sessionStorage.getItem('airloom.datascreen.key')).toBeNull();
    await user.type(screen.getByLabelText('Read-only API key'), 'alk_good');
    await user.click(screen.getByRole('button', { name: 'Show the data screen' }));
    await screen.findByText('3,020');
    expect(sessionStorage.getItem('airloom.datascreen.key')).toBe('alk_good');
  });

  it('refuses a key that can change settings and forgets it, saying so; a read-only key then signs in', async () => {
    const user = userEvent.setup();
    const readWrite = server('alk_rw', 'rw');
    sessionStorage.setItem('airloom.datascreen.key', 'alk_rw');
    show('alk_rw', readWrite.doFetch);
    await screen.findByText(/This key can change settings, so the wall display does not keep it/);
    expect(sessionStorage.getItem('airloom.datascreen.key')).toBeNull();
    expect(screen.queryByText('3,020')).toBeNull();
    // nothing but the sign-in check and the first summary sent beside it (dropped unseen) was asked with it
    expect([...new Set(readWrite.seen.map((s) => s.path))].sort()).toEqual(['/api/v1/activations/summary', '/api/v1/auth/me']);
    cleanup();
    const readOnly = server('alk_r', 'r');
    show(null, readOnly.doFetch);
    await user.type(await screen.findByLabelText('Read-only API key'), 'alk_r');
    await user.click(screen.getByRole('button', { name: 'Show the data screen' }));
    await screen.findByText('3,020');
  });

  it('without a key uses the session cookie, and offers the key form when there is none', async () => {
    const signedIn = server(null);
    show(null, signedIn.doFetch);
    await screen.findByText('3,020');
    expect(await screen.findByRole('link', { name: 'Export .xlsx' })).toBeTruthy();
    cleanup();
    const nobody = server('alk_only');
    show(null, nobody.doFetch);
    await screen.findByLabelText('Read-only API key');
    expect(screen.queryByText('This key was refused. Check it and try again.')).toBeNull();
  });

  it('asks for the first summary beside the sign-in check, once, and shows it only after the check passed', async () => {
    const { doFetch, seen } = server('alk_good');
    let answerMe: () => void = () => undefined;
    const meHeld = new Promise<void>((resolve) => (answerMe = resolve));
    const slowMe = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/auth/me')) await meHeld;
      return doFetch(input, init);
    }) as typeof fetch;
    show('alk_good', slowMe);
    await waitFor(() => expect(seen.map((s) => s.path)).toContain('/api/v1/activations/summary'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('3,020')).toBeNull();
    answerMe();
    await screen.findByText('3,020');
    expect(seen.filter((s) => s.path === '/api/v1/activations/summary')).toHaveLength(1);
  });

  it('keeps trying when the network is not there yet at start', async () => {
    let up = false;
    const { doFetch } = server(null);
    const flaky = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!up) throw new TypeError('Failed to fetch');
      return doFetch(input, init);
    }) as typeof fetch;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      show(null, flaky);
      await screen.findByRole('alert');
      up = true;
      await vi.advanceTimersByTimeAsync(5000);
      await screen.findByText('3,020');
    } finally {
      vi.useRealTimers();
    }
  });
});
