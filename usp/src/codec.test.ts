// Golden bytes are written field by field with protobufjs' Writer from the TR-369 field numbers
// (not from our schema), so a wrong number or wire type in the schema fails here.
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { UspDecodeError, decodeMsg, decodeRecord, encodeMsg, encodeMsgRecord, encodeRecord } from './codec.js';
import {
  buildAdd,
  buildAddResp,
  buildDelete,
  buildDeleteResp,
  buildError,
  buildGet,
  buildGetResp,
  buildNotify,
  buildNotifyResp,
  buildOperate,
  buildOperateResp,
  buildSet,
  buildSetResp,
  eventNotification,
  newMsgId,
  valueChangeNotification,
  type UspMsg,
} from './messages.js';

const LEN = 2;
const VARINT = 0;
const FIXED32 = 5;

type W = protobuf.Writer;
const tag = (w: W, field: number, wire: number) => w.uint32((field << 3) | wire);
const str = (w: W, field: number, value: string) => tag(w, field, LEN).string(value);
const sub = (w: W, field: number, fill: (w: W) => void) => {
  tag(w, field, LEN).fork();
  fill(w);
  return w.ldelim();
};
const mapEntry = (w: W, field: number, key: string, value: string) => sub(w, field, (e) => (str(e, 1, key), str(e, 2, value)));
const bytes = (fill: (w: W) => void) => {
  const w = protobuf.Writer.create();
  fill(w);
  return w.finish();
};

/** Msg { header(1) { msg_id(1), msg_type(2) }, body(2) { <bodyField> { <inner> } } } */
const msgBytes = (msgId: string, msgType: number, bodyField: number, inner: (w: W) => void) =>
  bytes((w) => {
    sub(w, 1, (h) => {
      str(h, 1, msgId);
      if (msgType !== 0) tag(h, 2, VARINT).uint32(msgType);
    });
    sub(w, 2, (b) => sub(b, bodyField, inner));
  });
const REQUEST = 1;
const RESPONSE = 2;
const ERROR = 3;

describe('golden bytes: Record (usp-record 1.3)', () => {
  it('no_session_context record: version 1, to_id 2, from_id 3, no_session_context 7 { payload 2 }', () => {
    const payload = new Uint8Array([1, 2, 3]);
    const golden = bytes((w) => {
      str(w, 1, '1.3');
      str(w, 2, 'os::001A2B-ALAP500000000001');
      str(w, 3, 'self::airloom');
      sub(w, 7, (r) => tag(r, 2, LEN).bytes(payload));
    });
    const record = { kind: 'msg', version: '1.3', toId: 'os::001A2B-ALAP500000000001', fromId: 'self::airloom', payload } as const;
    expect(encodeRecord(record)).toEqual(golden);
    expect(decodeRecord(golden)).toEqual(record);
  });

  it('mqtt_connect 10 { version 1 (V5 = 1), subscribed_topic 2 }', () => {
    const golden = bytes((w) => {
      str(w, 1, '1.3');
      str(w, 2, 'self::airloom');
      str(w, 3, 'os::001A2B-ALAP500000000001');
      sub(w, 10, (r) => (tag(r, 1, VARINT).uint32(1), str(r, 2, 'usp/a/os::001A2B-ALAP500000000001/#')));
    });
    const record = {
      kind: 'mqtt-connect',
      version: '1.3',
      toId: 'self::airloom',
      fromId: 'os::001A2B-ALAP500000000001',
      mqttVersion: '5',
      subscribedTopic: 'usp/a/os::001A2B-ALAP500000000001/#',
    } as const;
    expect(encodeRecord(record)).toEqual(golden);
    expect(decodeRecord(golden)).toEqual(record);
  });

  it('mqtt_connect with V3_1_1 (= 0, the default) leaves the version off the wire', () => {
    const golden = bytes((w) => {
      str(w, 1, '1.3');
      str(w, 2, 'c');
      str(w, 3, 'a');
      sub(w, 10, (r) => str(r, 2, 'usp/a/a/#'));
    });
    const record = { kind: 'mqtt-connect', version: '1.3', toId: 'c', fromId: 'a', mqttVersion: '3.1.1', subscribedTopic: 'usp/a/a/#' } as const;
    expect(encodeRecord(record)).toEqual(golden);
    expect(decodeRecord(golden)).toEqual(record);
  });

  it('disconnect 12 { reason 1, reason_code 2 (fixed32) }', () => {
    const golden = bytes((w) => {
      str(w, 1, '1.3');
      str(w, 2, 'self::airloom');
      str(w, 3, 'os::001A2B-ALAP500000000001');
      sub(w, 12, (r) => (str(r, 1, 'reboot'), tag(r, 2, FIXED32).fixed32(7003)));
    });
    const record = {
      kind: 'disconnect',
      version: '1.3',
      toId: 'self::airloom',
      fromId: 'os::001A2B-ALAP500000000001',
      reason: 'reboot',
      reasonCode: 7003,
    } as const;
    expect(encodeRecord(record)).toEqual(golden);
    expect(decodeRecord(golden)).toEqual(record);
  });

  it('version defaults to 1.3 and a Msg record carries the encoded Msg', () => {
    const msg = buildGet(['Device.DeviceInfo.'], { msgId: 'm1' });
    const record = decodeRecord(encodeMsgRecord('os::001A2B-X', 'self::airloom', msg));
    expect(record).toMatchObject({ kind: 'msg', version: '1.3', toId: 'os::001A2B-X', fromId: 'self::airloom' });
    expect(record.kind === 'msg' && decodeMsg(record.payload)).toEqual(msg);
  });
});

// One golden case per Msg kind: [name, typed Msg, hand-written bytes].
const golden: Array<[string, UspMsg, Uint8Array]> = [
  [
    'Get: request 1 > get 1 { param_paths 1, max_depth 2 (fixed32) }, GET = 1',
    buildGet(['Device.DeviceInfo.', 'Device.WiFi.Radio.*.Channel'], { msgId: 'g1', maxDepth: 2 }),
    msgBytes('g1', 1, REQUEST, (r) =>
      sub(r, 1, (g) => {
        str(g, 1, 'Device.DeviceInfo.');
        str(g, 1, 'Device.WiFi.Radio.*.Channel');
        tag(g, 2, FIXED32).fixed32(2);
      }),
    ),
  ],
  [
    'GetResp: response 2 > get_resp 1 { req_path_results 1 { requested_path 1, err_code 2, err_msg 3, resolved_path_results 4 { resolved_path 1, result_params 2 } } }, GET_RESP = 2',
    buildGetResp('g1', [
      {
        requestedPath: 'Device.DeviceInfo.',
        errCode: 0,
        errMsg: '',
        resolvedPathResults: [{ resolvedPath: 'Device.DeviceInfo.', resultParams: { SerialNumber: 'ALAP500000000001' } }],
      },
      { requestedPath: 'Device.Nope.', errCode: 7026, errMsg: 'Invalid path', resolvedPathResults: [] },
    ]),
    msgBytes('g1', 2, RESPONSE, (r) =>
      sub(r, 1, (g) => {
        sub(g, 1, (p) => {
          str(p, 1, 'Device.DeviceInfo.');
          sub(p, 4, (x) => (str(x, 1, 'Device.DeviceInfo.'), mapEntry(x, 2, 'SerialNumber', 'ALAP500000000001')));
        });
        sub(g, 1, (p) => (str(p, 1, 'Device.Nope.'), tag(p, 2, FIXED32).fixed32(7026), str(p, 3, 'Invalid path')));
      }),
    ),
  ],
  [
    'Set: request 1 > set 4 { allow_partial 1, update_objs 2 { obj_path 1, param_settings 2 { param 1, value 2, required 3 } } }, SET = 4',
    buildSet([{ objPath: 'Device.DeviceInfo.', paramSettings: [{ param: 'X_AIRLOOM_Name', value: 'Lobby', required: true }] }], {
      msgId: 's1',
      allowPartial: true,
    }),
    msgBytes('s1', 4, REQUEST, (r) =>
      sub(r, 4, (s) => {
        tag(s, 1, VARINT).bool(true);
        sub(s, 2, (o) => (str(o, 1, 'Device.DeviceInfo.'), sub(o, 2, (p) => (str(p, 1, 'X_AIRLOOM_Name'), str(p, 2, 'Lobby'), tag(p, 3, VARINT).bool(true)))));
      }),
    ),
  ],
  [
    'SetResp: response 2 > set_resp 4 { updated_obj_results 1 { requested_path 1, oper_status 2 { oper_success 2 { updated_inst_results 1 { affected_path 1, updated_params 3 } } } } }, SET_RESP = 5',
    buildSetResp('s1', [
      {
        requestedPath: 'Device.DeviceInfo.',
        ok: true,
        updatedInstResults: [{ affectedPath: 'Device.DeviceInfo.', paramErrs: [], updatedParams: { X_AIRLOOM_Name: 'Lobby' } }],
      },
    ]),
    msgBytes('s1', 5, RESPONSE, (r) =>
      sub(r, 4, (s) =>
        sub(s, 1, (u) => {
          str(u, 1, 'Device.DeviceInfo.');
          sub(u, 2, (st) => sub(st, 2, (ok) => sub(ok, 1, (i) => (str(i, 1, 'Device.DeviceInfo.'), mapEntry(i, 3, 'X_AIRLOOM_Name', 'Lobby')))));
        }),
      ),
    ),
  ],
  [
    'SetResp failure: oper_status 2 { oper_failure 1 { err_code 1, err_msg 2, updated_inst_failures 3 { affected_path 1, param_errs 2 { param 1, err_code 2, err_msg 3 } } } }',
    buildSetResp('s2', [
      {
        requestedPath: 'Device.DeviceInfo.',
        ok: false,
        errCode: 7021,
        errMsg: 'Required parameter failed',
        updatedInstFailures: [{ affectedPath: 'Device.DeviceInfo.', paramErrs: [{ param: 'UpTime', errCode: 7013, errMsg: 'read-only' }] }],
      },
    ]),
    msgBytes('s2', 5, RESPONSE, (r) =>
      sub(r, 4, (s) =>
        sub(s, 1, (u) => {
          str(u, 1, 'Device.DeviceInfo.');
          sub(u, 2, (st) =>
            sub(st, 1, (f) => {
              tag(f, 1, FIXED32).fixed32(7021);
              str(f, 2, 'Required parameter failed');
              sub(f, 3, (i) => (str(i, 1, 'Device.DeviceInfo.'), sub(i, 2, (e) => (str(e, 1, 'UpTime'), tag(e, 2, FIXED32).fixed32(7013), str(e, 3, 'read-only')))));
            }),
          );
        }),
      ),
    ),
  ],
  [
    'Add: request 1 > add 5 { create_objs 2 { obj_path 1, param_settings 2 } }, ADD = 8',
    buildAdd([{ objPath: 'Device.LocalAgent.Subscription.', paramSettings: [{ param: 'ID', value: 'airloom-boot' }] }], { msgId: 'a1' }),
    msgBytes('a1', 8, REQUEST, (r) =>
      sub(r, 5, (a) => sub(a, 2, (o) => (str(o, 1, 'Device.LocalAgent.Subscription.'), sub(o, 2, (p) => (str(p, 1, 'ID'), str(p, 2, 'airloom-boot')))))),
    ),
  ],
  [
    'AddResp: response 2 > add_resp 5 { created_obj_results 1 { requested_path 1, oper_status 2 { oper_success 2 { instantiated_path 1, unique_keys 3 } | oper_failure 1 } } }, ADD_RESP = 9',
    buildAddResp('a1', [
      {
        requestedPath: 'Device.LocalAgent.Subscription.',
        ok: true,
        instantiatedPath: 'Device.LocalAgent.Subscription.1.',
        paramErrs: [],
        uniqueKeys: { ID: 'airloom-boot' },
      },
      { requestedPath: 'Device.Nope.', ok: false, errCode: 7026, errMsg: 'Invalid path' },
    ]),
    msgBytes('a1', 9, RESPONSE, (r) =>
      sub(r, 5, (a) => {
        sub(a, 1, (c) => {
          str(c, 1, 'Device.LocalAgent.Subscription.');
          sub(c, 2, (st) => sub(st, 2, (ok) => (str(ok, 1, 'Device.LocalAgent.Subscription.1.'), mapEntry(ok, 3, 'ID', 'airloom-boot'))));
        });
        sub(a, 1, (c) => (str(c, 1, 'Device.Nope.'), sub(c, 2, (st) => sub(st, 1, (f) => (tag(f, 1, FIXED32).fixed32(7026), str(f, 2, 'Invalid path'))))));
      }),
    ),
  ],
  [
    'Delete: request 1 > delete 6 { allow_partial 1, obj_paths 2 }, DELETE = 10',
    buildDelete(['Device.LocalAgent.Subscription.3.'], { msgId: 'd1' }),
    msgBytes('d1', 10, REQUEST, (r) => sub(r, 6, (d) => str(d, 2, 'Device.LocalAgent.Subscription.3.'))),
  ],
  [
    'DeleteResp: response 2 > delete_resp 6 { deleted_obj_results 1 { requested_path 1, oper_status 2 { oper_success 2 { affected_paths 1, unaffected_path_errs 2 } } } }, DELETE_RESP = 11',
    buildDeleteResp('d1', [
      {
        requestedPath: 'Device.LocalAgent.Subscription.*.',
        ok: true,
        affectedPaths: ['Device.LocalAgent.Subscription.3.'],
        unaffectedPathErrs: [{ unaffectedPath: 'Device.LocalAgent.Subscription.1.', errCode: 7024, errMsg: 'not deletable' }],
      },
    ]),
    msgBytes('d1', 11, RESPONSE, (r) =>
      sub(r, 6, (d) =>
        sub(d, 1, (x) => {
          str(x, 1, 'Device.LocalAgent.Subscription.*.');
          sub(x, 2, (st) =>
            sub(st, 2, (ok) => {
              str(ok, 1, 'Device.LocalAgent.Subscription.3.');
              sub(ok, 2, (e) => (str(e, 1, 'Device.LocalAgent.Subscription.1.'), tag(e, 2, FIXED32).fixed32(7024), str(e, 3, 'not deletable')));
            }),
          );
        }),
      ),
    ),
  ],
  [
    'Operate: request 1 > operate 7 { command 1, command_key 2, send_resp 3, input_args 4 }, OPERATE = 6',
    buildOperate('Device.X_AIRLOOM_Locate()', { msgId: 'o1', commandKey: '17', inputArgs: { Duration: '60' } }),
    msgBytes('o1', 6, REQUEST, (r) =>
      sub(r, 7, (o) => {
        str(o, 1, 'Device.X_AIRLOOM_Locate()');
        str(o, 2, '17');
        tag(o, 3, VARINT).bool(true);
        mapEntry(o, 4, 'Duration', '60');
      }),
    ),
  ],
  [
    'OperateResp: response 2 > operate_resp 7 { operation_results 1 { executed_command 1, req_obj_path 2 | req_output_args 3 { output_args 1 } | cmd_failure 4 { err_code 1, err_msg 2 } } }, OPERATE_RESP = 7',
    buildOperateResp('o1', [
      { executedCommand: 'Device.Reboot()', ok: true, outputArgs: {} },
      { executedCommand: 'Device.X_AIRLOOM_Locate()', ok: true, outputArgs: { Started: 'true' } },
      { executedCommand: 'Device.WiFi.NeighboringWiFiDiagnostic()', ok: true, outputArgs: {}, reqObjPath: 'Device.LocalAgent.Request.4.' },
      { executedCommand: 'Device.FactoryReset()', ok: false, errCode: 7022, errMsg: 'Command failure' },
    ]),
    msgBytes('o1', 7, RESPONSE, (r) =>
      sub(r, 7, (o) => {
        sub(o, 1, (x) => (str(x, 1, 'Device.Reboot()'), sub(x, 3, () => undefined)));
        sub(o, 1, (x) => (str(x, 1, 'Device.X_AIRLOOM_Locate()'), sub(x, 3, (a) => mapEntry(a, 1, 'Started', 'true'))));
        sub(o, 1, (x) => (str(x, 1, 'Device.WiFi.NeighboringWiFiDiagnostic()'), str(x, 2, 'Device.LocalAgent.Request.4.')));
        sub(o, 1, (x) => (str(x, 1, 'Device.FactoryReset()'), sub(x, 4, (f) => (tag(f, 1, FIXED32).fixed32(7022), str(f, 2, 'Command failure')))));
      }),
    ),
  ],
  [
    'Notify Event: request 1 > notify 8 { subscription_id 1, send_resp 2, event 3 { obj_path 1, event_name 2, params 3 } }, NOTIFY = 3',
    buildNotify('airloom-boot', eventNotification('Device.', 'Boot!', { CommandKey: '17' }), { msgId: 'n1', sendResp: true }),
    msgBytes('n1', 3, REQUEST, (r) =>
      sub(r, 8, (n) => {
        str(n, 1, 'airloom-boot');
        tag(n, 2, VARINT).bool(true);
        sub(n, 3, (e) => (str(e, 1, 'Device.'), str(e, 2, 'Boot!'), mapEntry(e, 3, 'CommandKey', '17')));
      }),
    ),
  ],
  [
    'Notify ValueChange: value_change 4 { param_path 1, param_value 2 }',
    buildNotify('airloom-vc', valueChangeNotification('Device.DeviceInfo.X_AIRLOOM_Name', 'Lobby'), { msgId: 'n2' }),
    msgBytes('n2', 3, REQUEST, (r) =>
      sub(r, 8, (n) => (str(n, 1, 'airloom-vc'), sub(n, 4, (v) => (str(v, 1, 'Device.DeviceInfo.X_AIRLOOM_Name'), str(v, 2, 'Lobby'))))),
    ),
  ],
  [
    'Notify OperationComplete: oper_complete 7 { obj_path 1, command_name 2, command_key 3, req_output_args 4 | cmd_failure 5 }',
    buildNotify(
      'sub-oc',
      { kind: 'operComplete', objPath: 'Device.', commandName: 'FactoryReset()', commandKey: '9', ok: false, errCode: 7022, errMsg: 'busy' },
      { msgId: 'n3', sendResp: true },
    ),
    msgBytes('n3', 3, REQUEST, (r) =>
      sub(r, 8, (n) => {
        str(n, 1, 'sub-oc');
        tag(n, 2, VARINT).bool(true);
        sub(n, 7, (c) => (str(c, 1, 'Device.'), str(c, 2, 'FactoryReset()'), str(c, 3, '9'), sub(c, 5, (f) => (tag(f, 1, FIXED32).fixed32(7022), str(f, 2, 'busy')))));
      }),
    ),
  ],
  [
    'Notify ObjectCreation 5 / ObjectDeletion 6',
    buildNotify('sub-oc', { kind: 'objCreation', objPath: 'Device.Hosts.Host.3.', uniqueKeys: { PhysAddress: 'aa' } }, { msgId: 'n4' }),
    msgBytes('n4', 3, REQUEST, (r) =>
      sub(r, 8, (n) => (str(n, 1, 'sub-oc'), sub(n, 5, (c) => (str(c, 1, 'Device.Hosts.Host.3.'), mapEntry(c, 2, 'PhysAddress', 'aa'))))),
    ),
  ],
  [
    'Notify OnBoardRequest 8 { oui 1, product_class 2, serial_number 3, agent_supported_protocol_versions 4 }',
    buildNotify(
      '',
      { kind: 'onBoardReq', oui: '001A2B', productClass: 'AP', serialNumber: 'ALAP500000000001', agentSupportedProtocolVersions: '1.3' },
      { msgId: 'n5', sendResp: true },
    ),
    msgBytes('n5', 3, REQUEST, (r) =>
      sub(r, 8, (n) => {
        tag(n, 2, VARINT).bool(true);
        sub(n, 8, (b) => (str(b, 1, '001A2B'), str(b, 2, 'AP'), str(b, 3, 'ALAP500000000001'), str(b, 4, '1.3')));
      }),
    ),
  ],
  [
    'NotifyResp: response 2 > notify_resp 8 { subscription_id 1 }, NOTIFY_RESP = 16',
    buildNotifyResp({ msgId: 'n1', subscriptionId: 'airloom-boot' }),
    msgBytes('n1', 16, RESPONSE, (r) => sub(r, 8, (n) => str(n, 1, 'airloom-boot'))),
  ],
  [
    'Error: body 3 { err_code 1, err_msg 2, param_errs 3 { param_path 1, err_code 2, err_msg 3 } }, ERROR = 0',
    buildError('x1', 7004, 'Invalid arguments', [{ paramPath: 'Device.DeviceInfo.UpTime', errCode: 7013, errMsg: 'read-only' }]),
    msgBytes('x1', 0, ERROR, (e) => {
      tag(e, 1, FIXED32).fixed32(7004);
      str(e, 2, 'Invalid arguments');
      sub(e, 3, (p) => (str(p, 1, 'Device.DeviceInfo.UpTime'), tag(p, 2, FIXED32).fixed32(7013), str(p, 3, 'read-only')));
    }),
  ],
];

describe('golden bytes: Msg (usp-msg 1.3)', () => {
  it.each(golden)('%s', (_name, msg, expected) => {
    expect(encodeMsg(msg)).toEqual(expected);
    expect(decodeMsg(expected)).toEqual(msg);
  });
});

describe('round trips', () => {
  it.each(golden)('%s survives encode → record → decode', (_name, msg) => {
    const record = decodeRecord(encodeMsgRecord('os::001A2B-ALAP500000000001', 'self::airloom', msg));
    if (record.kind !== 'msg') throw new Error('expected a msg record');
    expect(decodeMsg(record.payload)).toEqual(msg);
  });

  it('Notify OperationComplete with output args and ObjectDeletion', () => {
    const done = buildNotify('s', { kind: 'operComplete', objPath: 'Device.', commandName: 'Reboot()', commandKey: '3', ok: true, outputArgs: { A: 'b' } });
    const gone = buildNotify('s', { kind: 'objDeletion', objPath: 'Device.Hosts.Host.3.' });
    expect(decodeMsg(encodeMsg(done))).toEqual(done);
    expect(decodeMsg(encodeMsg(gone))).toEqual(gone);
  });

  it('keeps non-ASCII values and many map entries', () => {
    const params = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`P${i}`, `värde ${i} — 名前`]));
    const msg = buildNotify('airloom-status', eventNotification('Device.', 'X_AIRLOOM_Status!', params));
    expect(decodeMsg(encodeMsg(msg))).toEqual(msg);
  });

  it('builders fill defaults a controller relies on', () => {
    const op = buildOperate('Device.Reboot()', { commandKey: '5' });
    expect(op).toMatchObject({ sendResp: true, inputArgs: {}, commandKey: '5' });
    expect(buildSet([{ objPath: 'Device.DeviceInfo.', paramSettings: [{ param: 'X_AIRLOOM_Name', value: 'A' }] }]).updateObjs[0]?.paramSettings[0]?.required).toBe(false);
    expect(buildGet(['Device.']).maxDepth).toBe(0);
    expect(buildNotify('s', valueChangeNotification('Device.X', '1')).sendResp).toBe(false);
  });

  it('newMsgId is unique', () => {
    const ids = new Set(Array.from({ length: 1000 }, newMsgId));
    expect(ids.size).toBe(1000);
  });
});

describe('what a peer may send that we do not implement', () => {
  it('a GetSupportedDM request decodes as unsupported with its msg id and type, so an agent can answer 7001', () => {
    // Msg { header { msg_id "q", msg_type GET_SUPPORTED_DM = 12 }, body { request { get_supported_dm 2 { obj_paths 1 } } } }
    const wire = msgBytes('q', 12, REQUEST, (r) => sub(r, 2, (g) => str(g, 1, 'Device.')));
    expect(decodeMsg(wire)).toEqual({ type: 'unsupported', msgId: 'q', msgType: 'GET_SUPPORTED_DM' });
  });

  it('unknown fields inside a known Msg are skipped', () => {
    const wire = msgBytes('g', 1, REQUEST, (r) => sub(r, 1, (g) => (str(g, 1, 'Device.'), str(g, 9, 'future field'))));
    expect(decodeMsg(wire)).toEqual({ type: 'get', msgId: 'g', paramPaths: ['Device.'], maxDepth: 0 });
  });

  it('a Record of another type (session_context 8) is refused with UspDecodeError', () => {
    const wire = bytes((w) => (str(w, 1, '1.3'), str(w, 2, 'c'), str(w, 3, 'a'), sub(w, 8, (s) => tag(s, 1, VARINT).uint32(1))));
    expect(() => decodeRecord(wire)).toThrow(UspDecodeError);
  });
});

describe('garbage never crashes the caller', () => {
  const junk: Array<[string, Uint8Array]> = [
    ['empty', new Uint8Array()],
    ['field number 0', new Uint8Array([0, 1, 2, 3])],
    ['truncated length', new Uint8Array([0x0a, 0x7f, 0x41])],
    ['JSON text', new TextEncoder().encode('{"msg":"hello"}')],
    ['wire type 7', new Uint8Array([0x0f, 0x00])],
  ];

  it.each(junk)('decodeRecord(%s) throws UspDecodeError', (_name, wire) => {
    expect(() => decodeRecord(wire)).toThrow(UspDecodeError);
  });

  it.each(junk)('decodeMsg(%s) throws UspDecodeError', (_name, wire) => {
    expect(() => decodeMsg(wire)).toThrow(UspDecodeError);
  });

  it('decodes from a Node Buffer (what mqtt.js hands over) and copies the payload out of it', () => {
    const msg = buildGet(['Device.'], { msgId: 'b1' });
    const buf = Buffer.from(encodeMsgRecord('a', 'c', msg));
    const record = decodeRecord(buf);
    buf.fill(0);
    expect(record.kind === 'msg' && decodeMsg(record.payload)).toEqual(msg);
  });

  it('a non-bytes argument throws UspDecodeError', () => {
    expect(() => decodeRecord('hello' as unknown as Uint8Array)).toThrow(UspDecodeError);
  });

  it('a Record whose payload is not a Msg decodes, and the Msg then throws UspDecodeError', () => {
    const record = decodeRecord(encodeRecord({ kind: 'msg', toId: 'c', fromId: 'a', payload: new Uint8Array([0xff, 0xff]) }));
    expect(record.kind).toBe('msg');
    if (record.kind === 'msg') expect(() => decodeMsg(record.payload)).toThrow(UspDecodeError);
  });

  it('random bytes either decode to a well-formed value or throw UspDecodeError, never anything else', () => {
    let seed = 42;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    for (let i = 0; i < 2000; i++) {
      const wire = Uint8Array.from({ length: 1 + Math.floor(rand() * 64) }, () => Math.floor(rand() * 256));
      for (const decode of [decodeRecord, decodeMsg]) {
        try {
          const value = decode(wire);
          expect(typeof value).toBe('object');
        } catch (err) {
          expect(err).toBeInstanceOf(UspDecodeError);
        }
      }
    }
  });
});
