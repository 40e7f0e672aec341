// axe-core in real Chromium (WCAG checks a browser can make): injected through the DevTools
// protocol, so the console's CSP (script-src 'self') needs no exception. Used by every flow that
// claims "0 serious or critical violations" on a page.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AxeOptions {
  /** Impacts that count (default serious and critical). */
  impacts?: readonly AxeImpact[];
  /** Rule ids to leave out, each with the reason in the calling test. */
  skipRules?: readonly string[];
}

/**
 * The page's axe violations at the given impacts, one line each: `rule (impact): help — selectors`,
 * so a failing `expect(...).toEqual([])` says what to fix and where.
 */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<string[]> {
  const impacts = options.impacts ?? ['serious', 'critical'];
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (skip) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const rules = Object.fromEntries(skip.map((id) => [id, { enabled: false }]));
    const result = await axe.run(document, { resultTypes: ['violations'], rules });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, [...(options.skipRules ?? [])]);
  return violations
    .filter((v) => impacts.includes(v.impact as AxeImpact))
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.slice(0, 5).join(', ')}${v.targets.length > 5 ? ` (+${v.targets.length - 5})` : ''}`);
}
