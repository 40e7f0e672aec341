import { buildAdd, buildDelete, buildGet, buildSet, USP_ERR } from '@airloom/usp';
import { describe, expect, it } from 'vitest';
import { DataModel } from './datamodel.js';
import { SimDevice } from './device.js';
import { demoFleet } from './specs.js';
import { registerConfigTable } from './tr181.js';

// a configuration table of the kind sections register (port mappings, VLANs, pools, routes…)
const TABLE = 'Device.X_AIRLOOM_TestRule.';
registerConfigTable(`${TABLE}{i}.`, ['Enable', 'Port']);

function model() {
  return new DataModel(new SimDevice(demoFleet(500000)[0]!), {
    endpointId: 'os::02414C-X',
    controllerId: 'self::airloom',
    name: 'GW',
    periodicNotifInterval: 30,
    subscriptions: [],
    locating: false,
  });
}

const rule = (alias: string, port: string) => ({
  objPath: TABLE,
  paramSettings: [{ param: 'Alias', value: alias, required: true }, { param: 'Port', value: port, required: true }],
});

function read(m: DataModel): Record<string, string> {
  const resp = m.get(buildGet([TABLE]));
  const out: Record<string, string> = {};
  if (resp.type !== 'getResp') throw new Error(resp.type);
  for (const r of resp.reqPathResults[0]!.resolvedPathResults) for (const [k, v] of Object.entries(r.resultParams)) out[r.resolvedPath + k] = v;
  return out;
}

describe('configuration tables: Add, Set and Delete of instances', () => {
  it('adds instances numbered on, reads them back with Get, sets and deletes them by number', () => {
    const m = model();
    const resp = m.add(buildAdd([rule('airloom-r-1', '80'), rule('airloom-r-2', '443')]));
    expect(resp.type === 'addResp' && resp.createdObjResults.map((r) => r.ok && r.instantiatedPath)).toEqual([`${TABLE}1.`, `${TABLE}2.`]);
    expect(read(m)).toEqual({
      [`${TABLE}1.Alias`]: 'airloom-r-1', [`${TABLE}1.Enable`]: '', [`${TABLE}1.Port`]: '80',
      [`${TABLE}2.Alias`]: 'airloom-r-2', [`${TABLE}2.Enable`]: '', [`${TABLE}2.Port`]: '443',
    });
    expect(m.set(buildSet([{ objPath: `${TABLE}2.`, paramSettings: [{ param: 'Port', value: '8443', required: true }] }])).response.type).toBe('setResp');
    expect(m.delete(buildDelete([`${TABLE}1.`])).type).toBe('deleteResp');
    expect(read(m)).toEqual({ [`${TABLE}2.Alias`]: 'airloom-r-2', [`${TABLE}2.Enable`]: '', [`${TABLE}2.Port`]: '8443' });
    const again = m.add(buildAdd([rule('airloom-r-3', '22')]));
    expect(again.type === 'addResp' && again.createdObjResults[0]).toMatchObject({ ok: true, instantiatedPath: `${TABLE}3.` });
  });

  it('refuses a second instance with the same Alias, and without allow_partial creates nothing', () => {
    const m = model();
    m.add(buildAdd([rule('airloom-r-1', '80')]));
    const resp = m.add(buildAdd([rule('airloom-r-2', '81'), rule('airloom-r-1', '82')]));
    expect(resp).toMatchObject({ type: 'error', errCode: USP_ERR.UNIQUE_KEY_CONFLICT });
    expect(Object.keys(read(m)).filter((k) => k.endsWith('.Alias'))).toEqual([`${TABLE}1.Alias`]);
    const set = m.set(buildSet([{ objPath: `${TABLE}1.`, paramSettings: [{ param: 'Alias', value: 'x', required: true }] }]));
    expect(set.response.type).toBe('setResp');
  });

  it('refuses an unknown parameter and leaves other tables alone', () => {
    const m = model();
    expect(m.add(buildAdd([{ objPath: TABLE, paramSettings: [{ param: 'Colour', value: 'red', required: true }] }])).type).toBe('error');
    expect(m.add(buildAdd([{ objPath: 'Device.WiFi.Radio.', paramSettings: [] }])).type).toBe('error');
    expect(m.delete(buildDelete(['Device.WiFi.Radio.1.'])).type).toBe('error');
    expect(read(m)).toEqual({});
  });
});
