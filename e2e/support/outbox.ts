// Reads the dev outbox (verification codes) of the console started by global-setup.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

export function outbox(): Array<Record<string, unknown>> {
  const file = path.join(inject('consoleDataDir'), 'outbox.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
}
