// Test helpers for the crash tests: a private Mosquitto (MQTT 5, anonymous, no persistence) on a
// port of its own, and a gateway child process; both can be killed with SIGKILL and started again.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const mosquittoInstalled = spawnSync('mosquitto', ['-h']).error === undefined;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** children still running when the test worker exits are killed with it */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** kill -9, resolved once the process is gone */
function killNow(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  return gone;
}

export interface KillableMosquitto {
  url: string;
  start(): Promise<void>;
  /** kill -9: queued messages are lost, no clean disconnect for anybody */
  kill(): Promise<void>;
  close(): Promise<void>;
}

export async function privateMosquitto(): Promise<KillableMosquitto> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'airloom-gw-mosquitto-'));
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'persistence false', 'log_dest stderr', 'log_type error', `user ${os.userInfo().username}`, ''].join('\n'),
  );
  let child: ChildProcess | null = null;
  const broker: KillableMosquitto = {
    url: `mqtt://127.0.0.1:${port}`,
    async start() {
      child = track(spawn('mosquitto', ['-c', conf], { stdio: 'ignore' }));
      for (let i = 0; i < 200 && !(await accepts(port)); i++) await new Promise((r) => setTimeout(r, 25));
      if (!(await accepts(port))) throw new Error('mosquitto did not start');
    },
    async kill() {
      const c = child;
      child = null;
      if (c) await killNow(c);
    },
    async close() {
      await broker.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await broker.start();
  return broker;
}

export interface GatewayChild {
  start(): Promise<void>;
  kill(): Promise<void>;
  /** what the child wrote (its log lines at LOG_LEVEL) */
  output(): string;
}

const CHILD_ENTRY = fileURLToPath(new URL('./gateway-child.ts', import.meta.url));

export function gatewayChild(env: Record<string, string>): GatewayChild {
  let child: ChildProcess | null = null;
  let output = '';
  return {
    async start() {
      const c = track(
        spawn(process.execPath, ['--conditions=airloom-source', '--import', 'tsx', CHILD_ENTRY], {
          cwd: fileURLToPath(new URL('../..', import.meta.url)),
          env: { ...process.env, ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      );
      child = c;
      c.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await new Promise<void>((resolve, reject) => {
        c.stdout?.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (/^ready /m.test(output)) resolve();
        });
        c.once('exit', (code) => reject(new Error(`gateway child exited (${code}): ${output}`)));
      });
    },
    async kill() {
      const c = child;
      child = null;
      if (c) await killNow(c);
    },
    output: () => output,
  };
}
