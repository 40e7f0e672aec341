import { describe, expect, it } from 'vitest';
import { renderPoe, renderSwitchPorts } from './switch-tables.js';

const small = { sn: 'AL5SW00000000002', type: 'switch' as const, model: 'AL-SW1008P' };

describe('switch ports renderer', () => {
  it.each([
    ['auto', { port: 1, enabled: true, rate: 'auto' as const, duplex: 'auto' as const, remark: 'uplink' }, ['true', '-1', 'Auto', 'uplink']],
    ['100 half, off', { port: 2, enabled: false, rate: '100' as const, duplex: 'half' as const, remark: '' }, ['false', '100', 'Half', '']],
  ])('%s', (_, port, [enable, rate, duplex, remark]) => {
    const p = renderSwitchPorts({ ports: [port] }, small).params;
    const at = `Device.Ethernet.Interface.${port.port}.`;
    expect([p[`${at}Enable`], p[`${at}MaxBitRate`], p[`${at}DuplexMode`], p[`${at}X_AIRLOOM_Remark`]]).toEqual([enable, rate, duplex, remark]);
  });
});

describe('PoE renderer', () => {
  it('sets on/off and the power limit of PoE ports, leaving out ports the model lacks', () => {
    const t = renderPoe({ ports: [{ port: 1, enabled: true, powerW: 15.4 }, { port: 2, enabled: false, powerW: 30 }, { port: 9, enabled: true, powerW: 5 }] }, small);
    expect(t).toEqual({
      params: {
        'Device.Ethernet.Interface.1.X_AIRLOOM_PoEEnable': 'true',
        'Device.Ethernet.Interface.1.X_AIRLOOM_PoEPowerLimit': '15.4',
        'Device.Ethernet.Interface.2.X_AIRLOOM_PoEEnable': 'false',
        'Device.Ethernet.Interface.2.X_AIRLOOM_PoEPowerLimit': '30.0',
      },
      tables: [],
    });
  });
  it('a gateway has no PoE ports: nothing to set', () => {
    expect(renderPoe({ ports: [{ port: 1, enabled: true, powerW: 10 }] }, { sn: 'AL5RT00000000001', type: 'router', model: 'AL-GW1200' }).params).toEqual({});
  });
});
