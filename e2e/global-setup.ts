import type { TestProject } from 'vitest/node';
import { freePort, startConsole, type RunningConsole } from './support/console';

let running: RunningConsole | undefined;

export async function setup(project: TestProject): Promise<void> {
  // the partner portal fixture of flows/solutions.test.ts listens here, an origin the console lets frame its designer
  const partnerPort = await freePort();
  running = await startConsole({ env: { SOLUTIONS_PARTNER_ORIGINS: `http://127.0.0.1:${partnerPort}` } });
  project.provide('partnerPort', partnerPort);
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
    /** the port of the partner portal fixture (an origin in SOLUTIONS_PARTNER_ORIGINS) */
    partnerPort: number;
  }
}
