// Every remote also runs on its own page, without the shell (ARCHITECTURE §3 standalone entry, made
// by the remote kit's createRemote): the signed-in user sees the remote's pages, the routes in the
// address's hash, and a remote whose pages work inside a project opens the one named in the link.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openConsole, type FlowPage } from '../support/flow';

describe('remotes on their own page', () => {
  let flow: FlowPage;
  beforeEach(async () => {
    flow = await openConsole();
    await flow.page.goto('/static/lrf');
    await flow.page.getByRole('button', { name: 'Try the live demo' }).click();
    await flow.page.waitForURL('**/overview/preview');
  });
  afterEach(async () => { await flow.close(); });

  it('the overview remote shows its first route, and its project list at #/overview/list', async () => {
    const { page, requests } = flow;
    requests.length = 0;
    await page.goto('/remotes/overview/index.html');
    await page.getByRole('heading', { name: 'Demo Hotel' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/overview/preview');
    await page.goto('/remotes/overview/index.html#/overview/list');
    await page.getByRole('cell', { name: 'Demo Hotel', exact: true }).waitFor();
    // nothing of the shell's console is needed
    expect(requests.filter((p) => p.startsWith('/remotes/network/'))).toEqual([]);
  });

  it('the network remote opens the project named by ?project= with its live device list', async () => {
    const { page } = flow;
    await page.goto('/remotes/network/index.html?project=600000');
    await page.getByRole('table', { name: 'Devices', exact: true }).waitFor();
    expect(await page.getByText('Demo Home').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).hash).toMatch(/^#\/manage\/status/);
  });
});
