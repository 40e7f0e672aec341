import type { TestProject } from 'vitest/node';
import { startConsole, type RunningConsole } from './support/console';

let running: RunningConsole | undefined;

export async function setup(project: TestProject): Promise<void> {
  running = await startConsole();
  project.provide('consoleUrl', running.url);
  project.provide('consoleDataDir', running.dataDir);
}

export async function teardown(): Promise<void> {
  await running?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    consoleUrl: string;
    consoleDataDir: string;
  }
}
