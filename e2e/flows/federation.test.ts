// Module Federation at runtime: a remote's files are fetched only when its route is entered,
// and a remote that cannot load shows a message with a working Retry.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openConsole, type FlowPage } from '../support/flow';

const REMOTE = '/remotes/overview/';

describe('remotes load on demand', () => {
  let flow: FlowPage;
  beforeEach(async () => { flow = await openConsole(); });
  afterEach(async () => { await flow.close(); });

  it('fetches nothing of the overview remote until an overview route is entered', async () => {
    const { page, requests } = flow;
    await page.goto('/static/lrf');
    await page.getByRole('button', { name: 'Try the live demo' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(requests.filter((p) => p.startsWith(REMOTE))).toEqual([]);
    expect(requests).toContain('/static/lrf');

    await page.getByRole('button', { name: 'Try the live demo' }).click();
    await page.waitForURL('**/overview/preview');
    await page.getByRole('heading', { name: 'Demo Hotel' }).waitFor();
    const fetched = requests.filter((p) => p.startsWith(REMOTE));
    expect(fetched).toContain(`${REMOTE}mf-manifest.json`);
    expect(fetched.some((p) => p.endsWith('.js'))).toBe(true);
  });

  it('shows a clear message with Retry when the remote fails, and Retry loads it', async () => {
    const { page } = flow;
    await page.goto('/static/lrf');
    await page.route(`**${REMOTE}**`, (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Try the live demo' }).click();
    await page.waitForURL('**/overview/preview');
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.waitFor();
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/could not be loaded|failed to load|not load/i);

    await page.unroute(`**${REMOTE}**`);
    await retry.click();
    await page.getByRole('heading', { name: 'Demo Hotel' }).waitFor();
  });
});
