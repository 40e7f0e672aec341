// Where the flows keep screenshots of the pages they looked at (the closing notes list them):
// e2e/test-results (ignored by git), or E2E_SHOTS.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './console';

export const SHOTS = process.env.E2E_SHOTS ?? path.join(repoRoot, 'e2e', 'test-results');

/** A full-page screenshot `<name>.png` in SHOTS. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}
