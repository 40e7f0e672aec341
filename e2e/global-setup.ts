import type { TestProject } from 'vitest/node';
import { startConsole, type RunningConsole } from './support/console';

let running: RunningConsole | undefined;

export async function setup(project: TestProject): Promise<void> {
  running = await startConsole();
  project.provide('consoleUrl', running.url);
  project.provide('consoleDataDir', running.dataDir);
  project.provide('consoleMqttUrl', running.mqttUrl);
}

export async function teardown(): Promise<void> {
  await running?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    consoleUrl: string;
    consoleDataDir: string;
    /** the console's embedded broker, for simulated devices */
    consoleMqttUrl: string;
  }
}
