// Test helper: a private Mosquitto on a free port, configured from a file in deploy/mosquitto.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const mosquittoInstalled = ['mosquitto', 'mosquitto_ctrl', 'mosquitto_passwd'].every(
  (bin) => spawnSync(bin, ['--help']).error === undefined,
);

export const shippedFile = (name: string): string =>
  readFileSync(new URL(`../../../deploy/mosquitto/${name}`, import.meta.url), 'utf8');

export interface MosquittoProcess {
  url: string;
  /** a temp directory for the broker's files, removed by stop() */
  dir: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/**
 * `prepare` writes the broker's files into the temp directory and returns the configuration, with
 * one `listener` line; its port, persistence and logging are replaced by this test's.
 */
export async function startMosquitto(prepare: (dir: string) => string): Promise<MosquittoProcess> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'airloom-mosquitto-'));
  let prepared: string;
  try {
    prepared = prepare(dir);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const port = await freePort();
  // listener options follow their `listener` line, so ours takes the place of the file's
  const conf = prepared
    .split('\n')
    .map((line) => (/^listener\s/.test(line) ? `listener ${port} 127.0.0.1` : line))
    .filter((line) => !/^(persistence|persistence_location|log_dest|log_type)\b/.test(line))
    .concat([
      'persistence false',
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      // started as root, Mosquitto switches to this user; it must be able to write the plugin file
      `user ${os.userInfo().username}`,
      '',
    ]);
  writeFileSync(path.join(dir, 'mosquitto.conf'), conf.join('\n'));
  const broker = spawn('mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  broker.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = async () => {
    if (broker.exitCode === null && broker.signalCode === null) {
      const exited = new Promise((r) => broker.once('exit', r));
      broker.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100 && !(await listening(port)); i++) {
    if (broker.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  if (!(await listening(port))) {
    await stop();
    throw new Error(`mosquitto did not start: ${stderr}`);
  }
  return { url: `mqtt://127.0.0.1:${port}`, dir, stop };
}
