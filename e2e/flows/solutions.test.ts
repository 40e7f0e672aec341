// The solution designer in Chromium (spec §1 solution design): a hotel from its scenario to a saved
// bill of materials and its PDF (the PDF's text holds every line), the demo's saved solutions in the
// list, and a partner portal on another origin that frames the standalone designer with ?partner= and
// receives the finished bill of materials by postMessage (docs/solutions-embedding.md).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import { pdfText } from '@airloom/bff/pdf-text';
import { consoleUrl, openConsole, signUpInForm, type FlowPage } from '../support/flow';
import { outbox } from '../support/outbox';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/shots';

interface BomLine {
  type: string;
  model: string;
  quantity: number;
}

/** Steps through the wizard for a hotel of `rooms` rooms and saves it as `name`; the recommended lines. */
async function designHotel(ui: Page | FrameLocator, name: string, rooms: string): Promise<BomLine[]> {
  await ui.getByRole('radio', { name: 'Hotel' }).check();
  await ui.getByRole('button', { name: 'Next' }).click();
  await ui.getByRole('textbox', { name: 'Rooms' }).fill(rooms);
  await ui.getByRole('button', { name: 'Next' }).click();
  await ui.getByRole('textbox', { name: 'Broadband lines' }).fill('2');
  await ui.getByRole('checkbox', { name: 'Captive portal' }).check();
  await ui.getByRole('button', { name: 'Recommend', exact: true }).click();
  const rec = ui.getByRole('table', { name: 'Recommended devices' });
  await rec.waitFor();
  const lines: BomLine[] = [];
  for (const row of (await rec.locator('tbody tr').all())) {
    const cells = row.locator('td');
    lines.push({ type: (await cells.nth(0).innerText()).trim(), model: await cells.nth(1).locator('select').inputValue(), quantity: Number(await cells.nth(2).innerText()) });
    // every line says why
    expect((await cells.nth(3).innerText()).trim()).toMatch(/^\d+ /);
  }
  await ui.getByRole('button', { name: 'Next' }).click();
  await ui.getByRole('textbox', { name: /Solution name/ }).fill(name);
  await ui.getByRole('button', { name: 'Save the solution' }).click();
  await ui.getByRole('heading', { name: `Solution: ${name}` }).waitFor();
  return lines;
}

describe('solution designer', () => {
  let flow: FlowPage;
  beforeEach(async () => { flow = await openConsole(); });
  afterEach(async () => { await flow.close(); });

  it('the live demo lists its saved solutions, read through the console menu', async () => {
    const { page } = flow;
    await page.goto('/static/lrf');
    await page.getByRole('button', { name: 'Try the live demo' }).click();
    await page.waitForURL('**/overview/preview');
    await page.getByRole('link', { name: 'Solution designer' }).click();
    await page.getByRole('table', { name: 'Saved solutions' }).waitFor();
    await page.getByRole('button', { name: 'Open Seaview Hotel — 120 rooms, 6 floors' }).waitFor();
    await page.getByRole('button', { name: 'Open FreshMart Riverside supermarket' }).waitFor();
    // a demo session writes nothing: no designing, no deleting
    expect(await page.getByRole('button', { name: 'Design a solution' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    await screenshot(page, 'solutions-demo-list');
  });

  it('designs a hotel from its scenario to a PDF whose text lists the bill of materials', async () => {
    const { page } = flow;
    await signUpInForm(page, `designer-${Date.now()}@example.com`, 'Correct-horse-9', outbox);
    await page.waitForURL('**/overview/preview');
    await page.goto('/overview/solutions');
    await page.getByText('No solution yet').waitFor();
    expect(await axeViolations(page), 'empty list').toEqual([]);
    await page.getByRole('button', { name: 'Design a solution' }).first().click();
    await page.waitForURL('**/overview/solutions/new');

    const lines = await designHotel(page, 'Harbour Hotel', '150');
    expect(lines.map((l) => l.type)).toEqual(expect.arrayContaining(['Gateway', 'AP']));
    await screenshot(page, 'solutions-designer-saved');
    expect(await axeViolations(page), 'saved solution').toEqual([]);
    // on a phone the bill of materials scrolls inside its box; the page itself does not grow sideways
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('table', { name: 'Bill of materials' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'solutions-designer-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the PDF' }).click()]);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf).join('');
    expect(text).toContain('Harbour Hotel');
    expect(text).toContain('Bill of materials');
    for (const line of lines) {
      expect(text).toContain(line.model);
      expect(text).toContain(`${line.quantity} ×`);
    }

    await page.getByRole('link', { name: 'Back to the solutions' }).click();
    await page.getByRole('button', { name: 'Open Harbour Hotel' }).waitFor();
  });

  describe('in a partner portal on another origin', () => {
    let partner: http.Server;
    let partnerOrigin: string;
    beforeEach(async () => {
      const consoleOrigin = consoleUrl();
      partner = http.createServer((req, res) => {
        // `/?as=<origin>`: the page names another origin as partner (one the console does not list)
        const named = new URL(req.url ?? '/', partnerOrigin).searchParams.get('as') ?? partnerOrigin;
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner quotes</title></head><body>
<h1>Partner quotes</h1>
<iframe title="Airloom solution designer" width="1200" height="1400" src="${consoleOrigin}/remotes/solutions/index.html?partner=${encodeURIComponent(named)}"></iframe>
<ul id="bom-list" aria-label="Received bill of materials"></ul>
<script>
window.addEventListener('message', (event) => {
  if (event.origin !== ${JSON.stringify(consoleOrigin)} || !event.data || event.data.type !== 'airloom:solution-bom') return;
  window.airloomBom = event.data;
  document.getElementById('bom-list').innerHTML = event.data.solution.lines.map((l) => '<li>' + l.quantity + ' x ' + l.model + '</li>').join('');
});
</script></body></html>`);
      });
      await new Promise<void>((resolve) => partner.listen(inject('partnerPort'), '127.0.0.1', resolve));
      partnerOrigin = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
      expect(partnerOrigin).not.toBe(consoleOrigin);
    });
    afterEach(async () => {
      await new Promise((resolve) => partner.close(resolve));
    });

    it('frames the standalone designer, which posts the finished bill of materials to the portal', async () => {
      const { page } = flow;
      await signUpInForm(page, `partner-${Date.now()}@example.com`, 'Correct-horse-9', outbox);
      await page.waitForURL('**/overview/preview');

      await page.goto(partnerOrigin);
      const designer = page.frameLocator('iframe[title="Airloom solution designer"]');
      await designer.getByRole('heading', { name: 'Solution designer' }).waitFor();
      const lines = await designHotel(designer, 'Portal Hotel', '80');
      await designer.getByText(`The bill of materials was sent to ${partnerOrigin}.`).waitFor();

      const received = await page.waitForFunction(() => (window as unknown as { airloomBom?: unknown }).airloomBom).then((h) => h.jsonValue());
      const message = received as { type: string; version: number; solution: { name: string; lines: BomLine[] } };
      expect(message).toMatchObject({ type: 'airloom:solution-bom', version: 1, solution: { name: 'Portal Hotel' } });
      expect(message.solution.lines.map((l) => [l.model, l.quantity])).toEqual(lines.map((l) => [l.model, l.quantity]));
      await page.getByRole('list', { name: 'Received bill of materials' }).getByText(`x ${lines[0]!.model}`).waitFor();
      await screenshot(page, 'solutions-partner-portal');
    });

    it('a page naming an origin the console does not list gets nothing, and the designer says why', async () => {
      const { page } = flow;
      await signUpInForm(page, `stranger-${Date.now()}@example.com`, 'Correct-horse-9', outbox);
      await page.waitForURL('**/overview/preview');
      const unknown = 'http://127.0.0.1:9';
      await page.goto(`${partnerOrigin}/?as=${encodeURIComponent(unknown)}`);
      const designer = page.frameLocator('iframe[title="Airloom solution designer"]');
      await designHotel(designer, 'Unlisted Hotel', '40');
      await designer.getByText(`${unknown} is not a partner portal this console knows, so the bill of materials was not sent to it.`).waitFor();
      expect(await page.evaluate(() => (window as unknown as { airloomBom?: unknown }).airloomBom)).toBeUndefined();
    });
  });
});
