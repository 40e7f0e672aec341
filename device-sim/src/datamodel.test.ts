import { buildAdd, buildDelete, buildSet } from '@airloom/usp';
import { describe, expect, it } from 'vitest';
import { DataModel } from './datamodel.js';
import { SimDevice } from './device.js';
import { demoFleet } from './specs.js';

function model() {
  return new DataModel(new SimDevice(demoFleet(500000)[3]!), {
    endpointId: 'os::02414C-X',
    controllerId: 'self::airloom',
    name: 'AP-Lobby',
    periodicNotifInterval: 30,
    subscriptions: [],
    locating: false,
  });
}

const sub = (id: string, extra: { param: string; value: string; required?: boolean }[] = []) => ({
  objPath: 'Device.LocalAgent.Subscription.',
  paramSettings: [{ param: 'ID', value: id }, { param: 'NotifType', value: 'Event' }, { param: 'ReferenceList', value: 'Device.Boot!' }, ...extra],
});

describe('Add', () => {
  it('without allow_partial creates nothing when one object fails', () => {
    const m = model();
    const resp = m.add(buildAdd([sub('a'), sub('b', [{ param: 'NotifType', value: 'Sometimes', required: true }])]));
    expect(resp).toMatchObject({ type: 'error', errCode: 7017 });
    expect(m.cfg.subscriptions).toEqual([]);
  });

  it('with allow_partial creates what it can and says what failed', () => {
    const m = model();
    const resp = m.add(buildAdd([sub('a'), { objPath: 'Device.WiFi.Radio.', paramSettings: [] }, { objPath: 'Device.Nope.', paramSettings: [] }], { allowPartial: true }));
    expect(resp.type === 'addResp' && resp.createdObjResults.map((r) => (r.ok ? r.instantiatedPath : r.errCode))).toEqual([
      'Device.LocalAgent.Subscription.1.',
      7019,
      7026,
    ]);
    expect(m.cfg.subscriptions.map((s) => s.id)).toEqual(['a']);
  });

  it('numbers new subscriptions on, never reusing a deleted instance', () => {
    const m = model();
    m.add(buildAdd([sub('a'), sub('b')]));
    m.delete(buildDelete(['Device.LocalAgent.Subscription.2.']));
    const resp = m.add(buildAdd([sub('c')]));
    expect(resp.type === 'addResp' && resp.createdObjResults[0]).toMatchObject({ ok: true, instantiatedPath: 'Device.LocalAgent.Subscription.3.' });
  });
});

describe('Set', () => {
  it('without allow_partial changes nothing when one object fails', () => {
    const m = model();
    const { response, changes } = m.set(
      buildSet([
        { objPath: 'Device.DeviceInfo.', paramSettings: [{ param: 'X_AIRLOOM_Name', value: 'New' }] },
        { objPath: 'Device.LocalAgent.Controller.1.', paramSettings: [{ param: 'PeriodicNotifInterval', value: 'soon', required: true }] },
      ]),
    );
    expect(response).toMatchObject({ type: 'error', errCode: 7021, paramErrs: [{ paramPath: 'Device.LocalAgent.Controller.1.PeriodicNotifInterval', errCode: 7012 }] });
    expect(changes).toEqual([]);
    expect(m.cfg.name).toBe('AP-Lobby');
  });

  it('reports only values that really changed', () => {
    const m = model();
    const set = (name: string, interval: string) =>
      m.set(
        buildSet([
          { objPath: 'Device.DeviceInfo.', paramSettings: [{ param: 'X_AIRLOOM_Name', value: name }] },
          { objPath: 'Device.LocalAgent.Controller.1.', paramSettings: [{ param: 'PeriodicNotifInterval', value: interval }] },
        ]),
      ).changes;
    expect(set('AP-Lobby', '10')).toEqual([{ path: 'Device.LocalAgent.Controller.1.PeriodicNotifInterval', value: '10' }]);
    expect(m.cfg.periodicNotifInterval).toBe(10);
    expect(set('AP-Hall', '10')).toEqual([{ path: 'Device.DeviceInfo.X_AIRLOOM_Name', value: 'AP-Hall' }]);
  });

  it('refuses a subscription ID another subscription holds', () => {
    const m = model();
    m.add(buildAdd([sub('a'), sub('b')]));
    const { response } = m.set(buildSet([{ objPath: 'Device.LocalAgent.Subscription.2.', paramSettings: [{ param: 'ID', value: 'a', required: true }] }]));
    expect(response).toMatchObject({ type: 'error', paramErrs: [{ errCode: 7025 }] });
  });
});
