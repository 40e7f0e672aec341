// Onboarding in the browser: devices registered by the manufacturer (unbound, each with the cloud
// code printed on its label) are imported from a small .xlsx through the import dialog — the template
// offered, the refused row listed with its number and the spec's code, then "Import the valid rows" —
// and one more is added by its cloud code on the add-device dialog.
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cloudCodeFor, generateFleet, registerDevices, type DeviceSpec } from '@airloom/device-sim';
import { launchChromium, startConsole, type RunningConsole } from '../support';
import { axeViolations } from '../support/axe';
import { createProjectInPage, manufacturerKey, signUpInForm } from '../support/flow';

const LIVE_TIMEOUT = 20_000;

let app: RunningConsole;
let browser: Browser;
let page: Page;
let aps: DeviceSpec[];
let mesh: DeviceSpec;

async function workbook(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Devices');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

beforeAll(async () => {
  app = await startConsole({ env: { SIM_DEMO_FLEET: 'false' } });
  browser = await launchChromium();
  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  await signUpInForm(page, `onboard-${Date.now()}@example.com`, 'Correct-horse-9', () => app.outbox());
  await page.waitForURL('**/overview/preview');
  const projectId = await createProjectInPage(page, 'Warehouse');
  // registered but in no project: an installer adds them (a generated fleet's SNs carry the project id only as a name)
  const specs = generateFleet(projectId + 100_000, { ap: 3, mesh: 1 }).map((s) => ({ ...s, secret: randomBytes(16).toString('hex') }));
  aps = specs.filter((s) => s.type === 'ap');
  mesh = specs.find((s) => s.type === 'mesh')!;
  await registerDevices(specs, { consoleUrl: app.url, key: manufacturerKey(app.dataDir) });
  await page.goto('/overview/list');
  await page.getByRole('button', { name: 'Open Warehouse' }).click();
  await page.waitForURL('**/manage/status**');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('device onboarding', () => {
  it('imports an .xlsx: the refused row is listed with its number and code, then the valid rows are imported', async () => {
    await page.getByRole('button', { name: 'Import devices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import devices from Excel' });
    await dialog.waitFor();
    // the template is offered and downloads as a spreadsheet
    const href = await dialog.getByRole('link', { name: 'Download the template (.xlsx)' }).getAttribute('href');
    const template = await page.request.get(href!);
    expect(template.status()).toBe(200);
    expect(template.headers()['content-type']).toContain('spreadsheetml');

    const file = await workbook([
      ['SN', 'Name', 'Remark'],
      [aps[0]!.sn, 'Dock-AP', 'loading dock'],
      [mesh.sn, 'Mesh-1', ''],
      [aps[1]!.sn, 'Office-AP', ''],
    ]);
    await dialog.getByLabel('File').setInputFiles({ name: 'devices.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('3 rows checked: 2 valid, 1 refused. Nothing was imported.').waitFor({ timeout: LIVE_TIMEOUT });
    const results = dialog.getByRole('table', { name: 'Rows of the file' });
    const refused = results.getByRole('row').filter({ hasText: mesh.sn });
    expect(await refused.textContent()).toContain('3');
    expect(await refused.textContent()).toContain('87 · Cable-free (mesh) and traditional devices cannot be mixed in one project.');
    expect(await axeViolations(page), 'import dialog with results').toEqual([]);

    await dialog.getByRole('button', { name: 'Import the valid rows' }).click();
    await dialog.getByText('2 devices imported, 1 rows refused').waitFor({ timeout: LIVE_TIMEOUT });
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    for (const sn of [aps[0]!.sn, aps[1]!.sn]) await page.locator(`[data-device-sn="${sn}"]`).waitFor({ timeout: LIVE_TIMEOUT });
    await page.getByText('Dock-AP').first().waitFor();
    expect(await page.locator(`[data-device-sn="${mesh.sn}"]`).count()).toBe(0);
  });

  it('adds a device by the cloud code on its label', async () => {
    const code = cloudCodeFor(aps[2]!.sn);
    await page.getByRole('button', { name: 'Add device' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add device' });
    await dialog.getByLabel('Cloud code').first().check();
    // typed as printed, in lower case
    await dialog.getByRole('textbox', { name: /Cloud code/ }).fill(`${code.slice(0, 4).toLowerCase()}-${code.slice(4).toLowerCase()}`);
    await dialog.getByRole('textbox', { name: /Name/ }).fill('Yard-AP');
    expect(await axeViolations(page), 'add by cloud code').toEqual([]);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.locator(`[data-device-sn="${aps[2]!.sn}"]`).waitFor({ timeout: LIVE_TIMEOUT });

    // the same code again is refused with the spec's text, under the field
    await page.getByRole('button', { name: 'Add device' }).first().click();
    await dialog.getByLabel('Cloud code').first().check();
    await dialog.getByRole('textbox', { name: /Cloud code/ }).fill(code);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('The device with this cloud code is already in a project or belongs to another account.').waitFor({ timeout: LIVE_TIMEOUT });
  });
});
