import { API, ErrorCode } from '@airloom/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './client';

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A server that answers every request with `answer` and records what it was sent. */
function serverAnswering(answer: unknown, status = 200) {
  const seen: Seen[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    seen.push({ url, method: String(init.method), headers: init.headers as Record<string, string>, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { seen, api: createApiClient({ fetchImpl }) };
}

const device = {
  sn: 'ALAP500000000001', revision: 3, name: 'Lobby', type: 'ap', model: 'AL-AP1', status: 1, ip: '10.0.0.2', mac: '00:1A:2B:00:00:01',
  softwareVersion: '1.0.0', meshMode: null, managementMode: 'cloud', clients: 3, uptime: 10, lastSeenAt: null, pendingConfig: true, operation: null,
};

describe('the typed client (endpoints declared in contracts)', () => {
  it('fills the path, sends the body with the CSRF header and hands back the checked answer', async () => {
    const { api, seen } = serverAnswering({ code: 0, data: device });
    const renamed = await api.call(API.devices.rename, { params: { id: 500000, sn: 'ALAP500000000001' }, body: { name: 'Lobby' } });
    expect(renamed.revision).toBe(3);
    expect(seen).toEqual([
      { url: '/api/v1/projects/500000/devices/ALAP500000000001', method: 'PATCH', headers: expect.objectContaining({ 'X-Airloom-Csrf': '1' }), body: { name: 'Lobby' } },
    ]);
  });

  it('refuses an answer that does not match the response schema (development and tests)', async () => {
    const { api } = serverAnswering({ code: 0, data: { ...device, revision: undefined } });
    const failure = await api.call(API.devices.rename, { params: { id: 1, sn: 'ALAP500000000001' }, body: { name: 'x' } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('return-format');
  });

  it.each([
    [ErrorCode.DATA_NOT_FOUND, 'No device with serial number ALAP500000000009 is registered.'],
    [ErrorCode.ADD_DEVICE_FAILED, 'Device ALAP500000000009 is already in a project or belongs to another account.'],
    [ErrorCode.DEMO_PROJECT, 'Demo projects can be looked at but not changed.'],
  ])('explains code %i of adding a device in a sentence naming the device', async (code, sentence) => {
    const { api } = serverAnswering({ code, message: 'data does not exist' }, 404);
    const failure = (await api.call(API.devices.add, { params: { id: 7 }, body: { sn: 'ALAP500000000009' } }).catch((e: unknown) => e)) as ApiError;
    expect(failure.code).toBe(code);
    expect(failure.message).toBe(sentence);
  });

  it('names the project of a duplicate name and capitalises the wrong-password sentence', async () => {
    const dup = serverAnswering({ code: ErrorCode.DATA_EXISTS, message: 'data already exists' }, 409);
    const a = (await dup.api.call(API.projects.create, { body: { projectName: 'Office', scenario: 'enterprise' } }).catch((e: unknown) => e)) as ApiError;
    expect(a.message).toBe('A project named Office already exists.');
    const wrong = serverAnswering({ code: ErrorCode.INCORRECT_CREDENTIALS, message: 'incorrect account or password' }, 400);
    const b = (await wrong.api.call(API.auth.login, { body: { account: 'a@example.com', password: 'Secret-123' } }).catch((e: unknown) => e)) as ApiError;
    expect(b.message).toBe('Incorrect account or password.');
  });

  it('reads root endpoints outside the API prefix and raw answers without an envelope', async () => {
    const { api, seen } = serverAnswering([{ name: 'overview', entry: '/remotes/overview/mf-manifest.json' }]);
    expect(await api.call(API.platform.remotes)).toEqual([{ name: 'overview', entry: '/remotes/overview/mf-manifest.json' }]);
    expect(seen[0]?.url).toBe('/remotes.json');
  });

  it('explains each code with the endpoint\'s own sentence, naming the thing from the request', async () => {
    const unknown = serverAnswering({ code: ErrorCode.DATA_NOT_FOUND, message: 'data does not exist' }, 404);
    const a = (await unknown.api.call(API.devices.add, { params: { id: 7 }, body: { sn: 'ALAP500000000009' } }).catch((e: unknown) => e)) as ApiError;
    expect(a.message).toBe('No device with serial number ALAP500000000009 is registered.');
    const offline = serverAnswering({ code: ErrorCode.DEVICE_OFFLINE, message: 'device offline' }, 400);
    const b = (await offline.api.call(API.devices.rename, { params: { id: 7, sn: 'ALAP500000000001' }, body: { name: 'x' } }).catch((e: unknown) => e)) as ApiError;
    expect(b.message).toBe('Device ALAP500000000001 is offline: it can be changed once it is back online.');
    const summary = serverAnswering({ code: ErrorCode.DATA_NOT_FOUND, message: 'data does not exist' }, 404);
    const c = (await summary.api.call(API.devices.summary, { params: { id: 7 } }).catch((e: unknown) => e)) as ApiError;
    expect(c.message).toBe('This project does not exist or is not shared with you.');
  });

  it('does not read an event stream as one answer', async () => {
    const { api, seen } = serverAnswering({ code: 0, data: null });
    await expect(api.call(API.devices.events, { params: { id: 1 } })).rejects.toThrow(/EventSource/);
    expect(seen).toEqual([]);
  });
});
