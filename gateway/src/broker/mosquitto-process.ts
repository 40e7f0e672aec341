// Test helper: a private Mosquitto on a free port, configured from a file in deploy/mosquitto.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { deviceProvisionerFromEnv, ensureServiceAccountFromEnv, type DeviceProvisioner } from './provisioner.js';

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

/**
 * Mosquitto with the shipped configuration (deploy/mosquitto/mosquitto.conf: dynamic security,
 * no anonymous clients), its plugin file initialised with this admin account.
 */
export function startShippedMosquitto(admin: { username: string; password: string }): Promise<MosquittoProcess> {
  return startMosquitto((dir) => {
    const dynsecFile = path.join(dir, 'dynamic-security.json');
    const init = spawnSync('mosquitto_ctrl', ['dynsec', 'init', dynsecFile, admin.username, admin.password], { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`mosquitto_ctrl dynsec init failed: ${init.stderr}`);
    return shippedFile('mosquitto.conf').replace(/^plugin_opt_config_file .*$/m, `plugin_opt_config_file ${dynsecFile}`);
  });
}

/**
 * The shipped Mosquitto set up as in production: the service account and dynsec's deny-by-default
 * made from the environment Airloom reads (MQTT_URL, MQTT_USERNAME/PASSWORD, MQTT_DYNSEC_*), and the
 * provisioner that gives registered devices their accounts.
 */
export async function startShippedMosquittoWithService(
  logger: Logger,
  service: { username: string; password: string },
): Promise<{ broker: MosquittoProcess; env: NodeJS.ProcessEnv; provisioner: DeviceProvisioner }> {
  const admin = { username: 'airloom-admin', password: randomBytes(18).toString('base64url') };
  const broker = await startShippedMosquitto(admin);
  const env = {
    MQTT_URL: broker.url,
    MQTT_USERNAME: service.username,
    MQTT_PASSWORD: service.password,
    MQTT_DYNSEC_USERNAME: admin.username,
    MQTT_DYNSEC_PASSWORD: admin.password,
  };
  await ensureServiceAccountFromEnv(logger, env);
  return { broker, env, provisioner: deviceProvisionerFromEnv(logger, env) };
}
