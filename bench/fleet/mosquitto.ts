// A Mosquitto of the benchmark's own on a free port, so no other test's gateway joins the
// `$share/airloom-gw` group and takes part of the traffic. It is set up like
// deploy/mosquitto/mosquitto.conf: devices log in as real ones through the dynamic security plugin,
// one client per device (PBKDF2-SHA512, as mosquitto_ctrl writes it; client id = endpoint ID)
// with a role of its own that may publish only under `usp/c/<ep>` and read only `usp/a/<ep>`.
// The file is written before the start, which is much faster for 5,000 devices than provisioning
// them one by one through `$CONTROL`.
import { spawn, spawnSync } from 'node:child_process';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@airloom/e2e/support';
import { cleanUpIfInterrupted } from '../src/interrupted.js';

const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

export interface Login {
  username: string;
  password: string;
}

export interface RunningMosquitto {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

function dynsecPassword(password: string) {
  const salt = randomBytes(12);
  return { password: pbkdf2Sync(password, salt, 101, 64, 'sha512').toString('base64'), salt: salt.toString('base64'), iterations: 101 };
}

function dynsecConfig(devices: Login[], service: Login, bench: Login) {
  const allow = (acltype: string, topic: string) => ({ acltype, topic, allow: true });
  const full = (topics: string[]) =>
    topics.flatMap((t) => [allow('publishClientSend', t), allow('publishClientReceive', t), allow('subscribePattern', t), allow('subscribePattern', `$share/+/${t}`)]);
  return {
    clients: [
      { username: service.username, ...dynsecPassword(service.password), roles: [{ rolename: 'service' }] },
      { username: bench.username, ...dynsecPassword(bench.password), roles: [{ rolename: 'bench' }] },
      ...devices.map((d) => ({
        username: d.username,
        clientid: d.username,
        ...dynsecPassword(d.password),
        roles: [{ rolename: `device:${d.username}` }],
      })),
    ],
    roles: [
      { rolename: 'service', acls: full(['usp/#', 'airloom/#']) },
      // the benchmark's own clients: the service's rights plus a raw-rate topic no gateway hears
      { rolename: 'bench', acls: full(['usp/#', 'airloom/#', 'bench/#']) },
      ...devices.map((d) => ({
        rolename: `device:${d.username}`,
        acls: [
          allow('publishClientSend', `usp/c/${d.username}/#`),
          allow('subscribePattern', `usp/a/${d.username}/#`),
          allow('publishClientReceive', `usp/a/${d.username}/#`),
        ],
      })),
    ],
    defaultACLAccess: { publishClientSend: false, publishClientReceive: false, subscribe: false, unsubscribe: true },
  };
}

/**
 * sockets and files the broker holds besides the devices': its listener and own files (about 6), the
 * gateway's four connections (devices, requests, replies, bus), the observers (ingest lag, rename's
 * bus) and the flood's five clients on each side, with room to spare
 */
const BROKER_FD_RESERVE = 30;

/**
 * How many device connections a broker started from this process can hold: every connection is an
 * open file, and a process cannot raise its hard limit (RLIMIT_NOFILE) without the privilege to.
 */
export function deviceConnectionLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
  const hard = line?.split(/\s{2,}/)[2];
  return hard === undefined || hard === 'unlimited' ? Infinity : Number(hard) - BROKER_FD_RESERVE;
}

export function mosquittoInstalled(): boolean {
  return !spawnSync('mosquitto', ['-h'], { stdio: 'ignore' }).error;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

export async function startMosquitto(devices: Login[], service: Login, bench: Login): Promise<RunningMosquitto> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'airloom-bench-mosquitto-'));
  // started as root, mosquitto drops to its own user, which must read the files
  chmodSync(dir, 0o755);
  const port = await freePort();
  writeFileSync(path.join(dir, 'dynsec.json'), JSON.stringify(dynsecConfig(devices, service, bench)), { mode: 0o644 });
  writeFileSync(
    path.join(dir, 'mosquitto.conf'),
    [
      'per_listener_settings false',
      'allow_anonymous false',
      `listener ${port} 127.0.0.1`,
      `plugin ${DYNSEC_PLUGIN}`,
      `plugin_opt_config_file ${path.join(dir, 'dynsec.json')}`,
      'persistence false',
      // Mosquitto 2.0 drops messages for a QoS 1 subscriber once about a thousand wait for it (the
      // default max_queued_messages), seen here with only a few hundred unanswered: a gateway taking
      // a burst must not lose status reports to that
      'max_queued_messages 100000',
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      '',
    ].join('\n'),
  );
  let output = '';
  const child = spawn('mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', (chunk: Buffer) => { output = (output + chunk.toString()).slice(-4000); });
  const deadline = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`mosquitto did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const forget = cleanUpIfInterrupted(async () => {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    url: `mqtt://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      forget();
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([exited, new Promise((r) => { timer = setTimeout(r, 3000); })]);
        clearTimeout(timer);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
