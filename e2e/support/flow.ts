// Per-flow helpers: a fresh browser context against the console started by global-setup.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { CSRF_HEADER, type ProjectItem } from '@airloom/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './browser';

export const consoleUrl = (): string => inject('consoleUrl');

export interface FlowPage {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Paths of every request the page made, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** `timezoneId`: the browser's time zone (IANA), as a user elsewhere in the world has it. */
export async function openConsole(options: { timezoneId?: string } = {}): Promise<FlowPage> {
  const browser = await launchChromium();
  const context = await browser.newContext({ baseURL: consoleUrl(), viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  return { browser, context, page, requests, close: () => browser.close() };
}

/** Signs up through the real form, reading the verification code from the dev outbox. */
export async function signUpInForm(page: Page, account: string, password: string, outbox: () => Array<Record<string, unknown>>): Promise<void> {
  await page.goto('/static/lrf');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await page.getByLabel('E-mail or mobile number').fill(account);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByText(`A verification code was sent to ${account}.`).waitFor();
  const message = [...outbox()].reverse().find((m) => m.to === account);
  if (typeof message?.code !== 'string') throw new Error(`no code in the dev outbox for ${account}`);
  await page.getByLabel('Verification code').fill(message.code);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

export async function logInInForm(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/static/lrf');
  await page.getByLabel('E-mail or mobile number').fill(account);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Creates a WLAN project through the API as the page's signed-in account; its id. */
export async function createProjectInPage(page: Page, projectName: string): Promise<number> {
  const created = await page.evaluate(
    async ({ header, projectName }) => {
      const res = await fetch('/api/v1/projects', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [header]: '1' },
        body: JSON.stringify({ projectName, netMode: 0, scenario: 'hotel', location: '', address: '', zone: '+8' }),
      });
      return (await res.json()) as { code: number; data: ProjectItem };
    },
    { header: CSRF_HEADER, projectName },
  );
  if (created.code !== 0) throw new Error(`project ${projectName} not created: ${JSON.stringify(created)}`);
  return created.data.id;
}

/** The manufacturer key a console started with this data directory registers devices with. */
export function manufacturerKey(dataDir: string): string {
  return readFileSync(path.join(dataDir, 'manufacturer.key'), 'utf8').trim();
}
