// `npm run sim -- --mix …` as a user runs it: the CLI process registers exactly the devices of the
// mix with a console (here a stand-in that records the manufacturer call) and connects each of them
// to the broker as a USP agent.
import { spawn } from 'node:child_process';
import http from 'node:http';
import type net from 'node:net';
import { fileURLToPath } from 'node:url';
import type { DeviceRegisterRequest } from '@airloom/contracts';
import { decodeRecord, parseControllerTopic } from '@airloom/usp';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { startAedes, type TestBroker } from './test/broker.js';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

function runCli(args: string[]) {
  const child = spawn(process.execPath, ['--conditions=airloom-source', '--import', 'tsx', CLI, ...args], { cwd: PACKAGE_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe('npm run sim -- --mix', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  it('registers and connects exactly the devices asked for: router:1,switch:2,ap:8,ipc:2', async () => {
    const registered: DeviceRegisterRequest['devices'] = [];
    const console_ = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const devices = (JSON.parse(body) as DeviceRegisterRequest).devices;
        registered.push(...devices);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ code: 0, data: { created: devices.length, updated: 0, devices: [] } }));
      });
    });
    await new Promise<void>((resolve) => console_.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise((resolve) => console_.close(() => resolve())));
    const broker: TestBroker = await startAedes();
    cleanup.push(() => broker.close());
    // what a controller would see: each agent's mqtt_connect record, on its 3.1.1 suffixed topic
    const connected = new Set<string>();
    const watcher = await mqtt.connectAsync(broker.url, { protocolVersion: 4, reconnectPeriod: 0 });
    cleanup.push(() => watcher.endAsync());
    watcher.on('message', (topic, payload) => {
      let record;
      try {
        record = decodeRecord(payload);
      } catch {
        return;
      }
      if (record.kind === 'mqtt-connect' && parseControllerTopic(topic)?.replyTo === `usp/a/${record.fromId}`) connected.add(record.fromId);
    });
    await watcher.subscribeAsync(['usp/c/+', 'usp/c/+/+'], { qos: 1 });
    const { port } = console_.address() as net.AddressInfo;

    const cli = runCli(['--mix', 'router:1,switch:2,ap:8,ipc:2', '--project', '4321', '--console', `http://127.0.0.1:${port}`, '--key', 'test-key', '--broker', broker.url, '--mqtt-version', '4', '--time-scale', '0.01']);
    cleanup.push(async () => {
      if (cli.child.exitCode === null) cli.child.kill('SIGTERM');
      await cli.exited;
    });
    for (let i = 0; i < 600 && connected.size < 13; i++) await new Promise((r) => setTimeout(r, 50));
    expect(connected.size).toBe(13);
    expect(cli.output()).toContain('registered 13 devices (router:1,switch:2,ap:8,ipc:2) for project 4321');
    const byType = (type: string) => registered.filter((d) => d.type === type).length;
    expect([byType('router'), byType('switch'), byType('ap'), byType('ipc')]).toEqual([1, 2, 8, 2]);
    expect(registered).toHaveLength(13);
    expect(registered.every((d) => d.projectId === 4321)).toBe(true);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    expect(cli.output()).toMatch(/stopping the fleet/);
  }, 60_000);

  it('refuses a mix it cannot count exactly, and --devices with --mix, with exit code 2', async () => {
    for (const args of [['--mix', 'toaster:1', '--project', '1'], ['--mix', 'ap:1', '--devices', '3', '--project', '1']]) {
      const cli = runCli(args);
      expect(await cli.exited).toBe(2);
      expect(cli.output()).toMatch(/"toaster" is not a device type|give --devices or --mix, not both/);
      expect(cli.output()).toContain('Usage: npm run sim');
    }
  }, 60_000);
});
