// Remotes are lazy for real (ARCHITECTURE §3, share strategy `loaded-first`): on a remote's pages the
// browser fetches that remote's files and nothing of any other deployed remote — no manifest, no
// remoteEntry.js, no chunk — so each new remote costs nothing on the pages of the others.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openConsole, type FlowPage } from '../support/flow';

interface Visit {
  remote: string;
  path: string;
  ready(page: Page): Promise<void>;
}

const VISITS: Visit[] = [
  { remote: 'overview', path: '/overview/preview', ready: (p) => p.getByRole('heading', { name: 'Demo Hotel' }).waitFor() },
  { remote: 'overview', path: '/overview/list', ready: (p) => p.getByRole('cell', { name: 'Demo Hotel', exact: true }).waitFor() },
  { remote: 'network', path: '/manage/status?project=500000', ready: (p) => p.getByRole('table', { name: 'Devices', exact: true }).waitFor() },
  { remote: 'solutions', path: '/overview/solutions', ready: (p) => p.getByRole('table', { name: 'Saved solutions' }).waitFor() },
];

async function deployedRemotes(page: Page): Promise<string[]> {
  const list = await page.evaluate(async () => (await fetch('/remotes.json')).json() as Promise<Array<{ name: string }>>);
  return list.map((r) => r.name);
}

const filesOf = (requests: string[], remote: string) => requests.filter((p) => p.startsWith(`/remotes/${remote}/`));

describe('remotes are fetched only on their own routes', () => {
  let flow: FlowPage;
  beforeEach(async () => { flow = await openConsole(); });
  afterEach(async () => { await flow.close(); });

  it.each(VISITS)('on $path only the $remote remote is fetched', async ({ remote, path, ready }) => {
    const { page, requests } = flow;
    await page.goto('/static/lrf');
    await page.getByRole('button', { name: 'Try the live demo' }).click();
    await page.waitForURL('**/overview/preview');
    const remotes = await deployedRemotes(page);
    expect(remotes).toEqual(expect.arrayContaining(['overview', 'network']));
    // the landing page's own remote finishes loading first, so none of its files is counted below
    await page.getByRole('heading', { name: 'Demo Hotel' }).waitFor();
    await page.waitForLoadState('networkidle');

    requests.length = 0; // a first visit of the address, as from a bookmark
    await page.goto(path);
    await ready(page);
    await page.waitForLoadState('load');
    // what the page would still ask for once it is drawn (preloads, lazy chunks)
    await page.waitForTimeout(1000);

    expect(filesOf(requests, remote)).toContain(`/remotes/${remote}/mf-manifest.json`);
    for (const other of remotes.filter((r) => r !== remote)) expect({ other, files: filesOf(requests, other) }).toEqual({ other, files: [] });
  });
});
