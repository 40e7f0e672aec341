// The registration call as the console's manufacturer API receives it: a small HTTP server that
// parses each batch with the same contracts schema the BFF route uses.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeviceRegisterRequestSchema } from '@airloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerDevices } from './register.js';
import { generateFleet } from './specs.js';

const KEY = 'k'.repeat(40);
const batches: { auth: string | undefined; count: number; projectIds: Set<number | undefined> }[] = [];
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const parsed = DeviceRegisterRequestSchema.safeParse(JSON.parse(body));
      res.setHeader('content-type', 'application/json');
      if (req.headers.authorization !== `Bearer ${KEY}`) {
        res.statusCode = 401;
        res.end(JSON.stringify({ code: 1001, message: 'signature error' }));
        return;
      }
      if (!parsed.success) {
        res.statusCode = 400;
        res.end(JSON.stringify({ code: 2, message: 'bad request' }));
        return;
      }
      const devices = parsed.data.devices;
      batches.push({ auth: req.headers.authorization, count: devices.length, projectIds: new Set(devices.map((d) => d.projectId)) });
      res.end(JSON.stringify({ code: 0, data: { created: devices.length, updated: 0, devices: [] } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('registering simulated devices with the console', () => {
  it('sends batches of at most 500 that the API schema accepts, staged for the project', async () => {
    const specs = generateFleet(77, 1201).map((s, i) => ({ ...s, secret: `secret-of-device-${i}` }));
    expect(await registerDevices(specs, { consoleUrl: url, key: KEY, projectId: 77 })).toEqual({ created: 1201, updated: 0 });
    expect(batches.map((b) => b.count)).toEqual([500, 500, 201]);
    expect(batches.every((b) => b.projectIds.size === 1 && b.projectIds.has(77))).toBe(true);
  });

  it('says why when the console refuses the key', async () => {
    const specs = generateFleet(77, 1).map((s) => ({ ...s, secret: 'secret-of-device-0' }));
    await expect(registerDevices(specs, { consoleUrl: url, key: 'wrong' })).rejects.toThrow(/HTTP 401, code 1001/);
  });
});
