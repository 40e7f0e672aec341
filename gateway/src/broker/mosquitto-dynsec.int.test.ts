// Mosquitto with the shipped configuration (deploy/mosquitto/mosquitto.conf, dynamic security), on
// a free port of its own, accounts set up through MosquittoDynsecProvisioner.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MosquittoDynsecProvisioner } from './dynsec.js';
import { defineIsolationTests, type BrokerUnderTest } from './isolation-suite.js';

const SHIPPED_CONF = new URL('../../../deploy/mosquitto/mosquitto.conf', import.meta.url);
const installed = ['mosquitto', 'mosquitto_ctrl'].every((bin) => spawnSync(bin, ['--help']).error === undefined);
if (!installed) console.warn('mosquitto or mosquitto_ctrl is not installed: skipping the Mosquitto isolation tests');

const secret = () => randomBytes(18).toString('base64url');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForListener(port: number, mosquitto: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (mosquitto.exitCode !== null) throw new Error(`mosquitto exited: ${log()}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(true));
      socket.on('error', () => resolve(false));
      socket.on('connect', () => socket.destroy());
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`mosquitto did not listen on ${port}: ${log()}`);
}

/** The shipped file with this test's port, plugin file and no persistence. */
function testConf(port: number, dynsecFile: string): string {
  const lines = readFileSync(SHIPPED_CONF, 'utf8')
    .split('\n')
    .filter((line) => !/^(persistence|persistence_location|log_dest|log_type)\b/.test(line))
    .map((line) => {
      if (/^listener\s/.test(line)) return `listener ${port} 127.0.0.1`;
      if (/^plugin_opt_config_file\s/.test(line)) return `plugin_opt_config_file ${dynsecFile}`;
      return line;
    });
  // started as root, Mosquitto switches to this user; it must be able to write the plugin file
  return [...lines, 'persistence false', 'log_dest stderr', 'log_type error', 'log_type warning', `user ${os.userInfo().username}`, ''].join('\n');
}

describe.skipIf(!installed)('Mosquitto with dynamic security: device identity and access', () => {
  let dir: string;
  let mosquitto: ChildProcess | undefined;
  let stderr = '';
  let url: string;
  let provisioner: MosquittoDynsecProvisioner;
  const service = { username: 'airloom-service', password: secret() };
  const a = { endpointId: 'os::001A2B-ALAP500000000001', secret: secret() };
  const b = { endpointId: 'os::001A2B-ALAP500000000002', secret: secret() };
  const bFormerSecret = secret();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'airloom-mosquitto-'));
    const dynsecFile = path.join(dir, 'dynamic-security.json');
    const admin = { username: 'airloom-admin', password: secret() };
    const init = spawnSync('mosquitto_ctrl', ['dynsec', 'init', dynsecFile, admin.username, admin.password], { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`mosquitto_ctrl dynsec init failed: ${init.stderr}`);
    const port = await freePort();
    writeFileSync(path.join(dir, 'mosquitto.conf'), testConf(port, dynsecFile));
    mosquitto = spawn('mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    mosquitto.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await waitForListener(port, mosquitto, () => stderr);
    url = `mqtt://127.0.0.1:${port}`;

    provisioner = new MosquittoDynsecProvisioner({ url, ...admin, logger: pino({ level: 'silent' }) });
    await provisioner.ensureService(service);
    // B first with a secret that a second registration replaces
    await provisioner.provision([{ endpointId: b.endpointId, secret: bFormerSecret }]);
    await provisioner.provision([a, b]);
  });

  afterAll(async () => {
    if (mosquitto && mosquitto.exitCode === null) {
      const exited = new Promise((r) => mosquitto!.once('exit', r));
      mosquitto.kill('SIGTERM');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('replaces a re-registered secret and can run again', async () => {
    await provisioner.ensureService(service);
    await provisioner.provision([a]);
    const connect = (password: string) =>
      mqtt.connectAsync(url, { username: b.endpointId, password, clientId: b.endpointId, reconnectPeriod: 0 });
    await expect(connect(bFormerSecret)).rejects.toThrow(/not authori[sz]ed/i);
    const device = await connect(b.secret);
    expect(device.connected).toBe(true);
    await device.endAsync();
  });

  describe.each([5, 4] as const)('devices on MQTT %s', (protocolVersion) => {
    defineIsolationTests(
      (): BrokerUnderTest => ({
        url,
        protocolVersion,
        service,
        a,
        b,
        // 3.1.1: 5 not authorised; 5: 0x87 not authorized, 0x86 bad user name or password
        refusedCodes: protocolVersion === 5 ? [0x86, 0x87] : [4, 5],
        sharedSubscriptions: true,
      }),
    );
  });
});
