// The engine's plan against the simulator's data model (no broker): render, diff with what the
// device reports, send the planned messages, and the device then holds the target.
import { DataModel, demoFleet, registerConfigTable, SimDevice } from '@airloom/device-sim';
import { buildGet, USP_ERR, type UspMsg } from '@airloom/usp';
import { UspErrorResponse, type RequestMsg, type ResponseTo } from '../usp-controller.js';
import { applyTarget, type Send } from './apply.js';
import { describe, expect, it } from 'vitest';
import { rendererFor } from './renderers.js';
import { aliasFor, isEmptyPlan, pathsToRead, planConfig, planMessages, type ReportedValues, type Tr181Target } from './target.js';

const TABLE = 'Device.X_AIRLOOM_TestRule.';
registerConfigTable(`${TABLE}{i}.`, ['Enable', 'Port']);

function device() {
  return new DataModel(new SimDevice(demoFleet(500000)[0]!), {
    endpointId: 'os::02414C-X', controllerId: 'self::airloom', name: 'GW', periodicNotifInterval: 30, subscriptions: [], locating: false,
  });
}

function read(m: DataModel, paths: string[]): ReportedValues {
  const resp = m.get(buildGet(paths));
  const out: ReportedValues = {};
  if (resp.type !== 'getResp') throw new Error(resp.type);
  for (const p of resp.reqPathResults) for (const r of p.resolvedPathResults) for (const [k, v] of Object.entries(r.resultParams)) out[r.resolvedPath + k] = v;
  return out;
}

function send(m: DataModel, msg: UspMsg): UspMsg {
  if (msg.type === 'set') return m.set(msg).response;
  if (msg.type === 'add') return m.add(msg);
  if (msg.type === 'delete') return m.delete(msg);
  throw new Error(msg.type);
}

function converge(m: DataModel, target: Tr181Target): UspMsg[] {
  const plan = planConfig(target, read(m, pathsToRead(target)));
  return planMessages(plan).map((msg) => send(m, msg));
}

const rules = (ports: number[]): Tr181Target => ({
  params: {},
  tables: [{ path: TABLE, owns: 'airloom', instances: ports.map((p) => ({ alias: aliasFor('rule', p), params: { Enable: 'true', Port: String(p) } })) }],
});

describe('a planned change applied to a simulated device', () => {
  it('the name section renames the device and then needs nothing', () => {
    const m = device();
    const target = rendererFor('name')!({ name: 'Lobby' }, { sn: 'X', type: 'router', model: 'G1' });
    expect(converge(m, target).map((r) => r.type)).toEqual(['setResp']);
    expect(m.cfg.name).toBe('Lobby');
    expect(isEmptyPlan(planConfig(target, read(m, pathsToRead(target))))).toBe(true);
  });

  it('adds, changes and removes table instances until the device holds exactly the target', () => {
    const m = device();
    expect(converge(m, rules([80, 443])).map((r) => r.type)).toEqual(['addResp']);
    expect(converge(m, rules([443, 8080])).map((r) => r.type)).toEqual(['deleteResp', 'addResp']);
    const after = read(m, [TABLE]);
    expect(Object.entries(after).filter(([k]) => k.endsWith('.Port')).map(([, v]) => v).sort()).toEqual(['443', '8080']);
    expect(isEmptyPlan(planConfig(rules([443, 8080]), after))).toBe(true);
    expect(converge(m, rules([])).map((r) => r.type)).toEqual(['deleteResp']);
    expect(read(m, [TABLE])).toEqual({});
  });
});

/** the simulator's data model behind the controller's request(): a USP Error is thrown, as there */
function transport(m: DataModel, log: string[] = []): Send {
  return (<M extends RequestMsg>(msg: M): Promise<ResponseTo<M>> => {
    log.push(msg.type);
    const resp = msg.type === 'get' ? m.get(msg) : send(m, msg);
    if (resp.type === 'error') return Promise.reject(new UspErrorResponse(resp.errCode, resp.errMsg));
    return Promise.resolve(resp as ResponseTo<M>);
  }) as Send;
}

describe('applyTarget: one device brought to one target', () => {
  it('reads, sends the plan, reads back, and says applied; a second time it only reads', async () => {
    const m = device();
    const log: string[] = [];
    const result = await applyTarget(transport(m, log), rules([80, 443]));
    expect(result.status).toBe('applied');
    expect(log).toEqual(['get', 'add', 'get']);
    log.length = 0;
    expect((await applyTarget(transport(m, log), rules([80, 443]))).status).toBe('applied');
    expect(log).toEqual(['get']);
  });

  it('a device that refuses the change leaves it unapplied, and the result carries the device’s error', async () => {
    const m = device();
    const target: Tr181Target = { params: {}, tables: [{ path: TABLE, owns: 'airloom', instances: [{ alias: aliasFor('rule', 1), params: { Colour: 'red' } }] }] };
    const result = await applyTarget(transport(m), target);
    expect(result).toMatchObject({ status: 'failed', errCode: USP_ERR.OBJECT_NOT_CREATED });
    expect(read(m, [TABLE])).toEqual({});
  });

  it('a section the device does not have fails with the device’s invalid-path error', async () => {
    const m = device();
    const target: Tr181Target = { params: {}, tables: [{ path: 'Device.X_AIRLOOM_Nothing.', owns: 'all', instances: [] }] };
    expect(await applyTarget(transport(m), target)).toMatchObject({ status: 'failed', errCode: USP_ERR.INVALID_PATH });
  });
});
