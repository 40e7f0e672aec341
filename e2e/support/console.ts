// Starts the real console (BFF serving the built shell and remotes, embedded SQLite) as a child
// process on a free port, the way `npm start` runs it, for browser flows and benchmarks.
// A flow that never opens the demo projects starts it with SIM_DEMO_FLEET=false: the demo fleet at
// TIME_SCALE 0.05 keeps about 0.4 of a core busy, taken from the suites running beside the flows.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface RunningConsole {
  url: string;
  dataDir: string;
  /** The embedded broker (a free port of its own, so consoles never share one). */
  mqttUrl: string;
  /** Messages the dev sender wrote (verification codes), newest last. */
  outbox(): Array<Record<string, unknown>>;
  /** the console's process id (benchmarks read its CPU time) */
  pid: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Keep the data directory after stop (default: removed). */
  keepData?: boolean;
}

/**
 * A free port below Linux's ephemeral range (32768–60999). A port the kernel hands out for `listen(0)`
 * can be handed to another process (the BFF's test servers run beside the browser flows) before the
 * console binds it; that server's /readyz then answered for the console, which had failed to start.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.unref();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
    if (attempt > 50) throw new Error('no free port between 20000 and 32000');
  }
}

async function waitReady(url: string, child: ChildProcess, log: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`console exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`console not ready after ${timeoutMs} ms:\n${log()}`);
}

export async function startConsole(options: StartOptions = {}): Promise<RunningConsole> {
  const port = await freePort();
  const mqttPort = options.env?.MQTT_PORT ?? String(await freePort());
  const dataDir = options.env?.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'airloom-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--conditions=airloom-source', '--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(repoRoot, 'bff'),
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', MQTT_PORT: mqttPort, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  await waitReady(url, child, () => output);
  return {
    url,
    dataDir,
    mqttUrl: options.env?.MQTT_URL ?? `mqtt://127.0.0.1:${mqttPort}`,
    pid: child.pid!,
    outbox() {
      const file = path.join(dataDir, 'outbox.jsonl');
      if (!existsSync(file)) return [];
      return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.keepData && !options.env?.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
