// Protobuf encoding of USP Records and Msgs. Strict in what we send (every field from a typed
// object), liberal in what we accept (unknown fields and Msg kinds never throw), and anything that
// is not a USP Record or Msg throws UspDecodeError so a bad packet can be logged and dropped.
import protobuf from 'protobufjs';
import { MsgType, RecordType } from './schema.js';
import type {
  CreatedObjectResult,
  DeletedObjectResult,
  Notification,
  OperationResult,
  UpdatedObjectResult,
  UspMap,
  UspMsg,
} from './messages.js';

/** The USP version we speak and put in every Record. */
export const USP_VERSION = '1.3';

export class UspDecodeError extends Error {
  override readonly name = 'UspDecodeError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export type MqttVersion = '3.1.1' | '5';

interface RecordHead {
  version: string;
  toId: string;
  fromId: string;
}

export type UspRecord =
  | (RecordHead & { kind: 'msg'; payload: Uint8Array })
  | (RecordHead & { kind: 'mqtt-connect'; mqttVersion: MqttVersion; subscribedTopic: string })
  | (RecordHead & { kind: 'disconnect'; reason: string; reasonCode: number });

type WithOptionalVersion<T> = T extends RecordHead ? Omit<T, 'version'> & { version?: string } : never;
/** What encodeRecord takes: a record whose version defaults to USP_VERSION. */
export type UspRecordInput = WithOptionalVersion<UspRecord>;

// Plain-object view of decoded protobuf (protobufjs toObject output); read through the helpers
// below so a missing field reads as its proto3 default.
type Obj = Record<string, unknown>;
const TO_OBJECT = { enums: String, oneofs: true, arrays: true, objects: true } as const;

const str = (o: Obj, k: string): string => (typeof o[k] === 'string' ? (o[k] as string) : '');
const num = (o: Obj, k: string): number => (typeof o[k] === 'number' ? (o[k] as number) : 0);
const bool = (o: Obj, k: string): boolean => o[k] === true;
const obj = (o: Obj, k: string): Obj => (o[k] && typeof o[k] === 'object' ? (o[k] as Obj) : {});
const list = (o: Obj, k: string): Obj[] => (Array.isArray(o[k]) ? (o[k] as Obj[]) : []);
const strings = (o: Obj, k: string): string[] => (Array.isArray(o[k]) ? (o[k] as string[]) : []);
// toObject made the map a fresh plain object of this decode's own: no copy (a status report's map holds
// hundreds of parameters; the copy was 7 % of the gateway's CPU in a 20,000-device setup,
// docs/performance.md items 16 and 20)
const map = (o: Obj, k: string): UspMap => obj(o, k) as UspMap;

type PbType = typeof MsgType;

/**
 * proto3 leaves fields at their default value off the wire; protobufjs writes any field it was
 * given, so defaults are dropped first (oneof members stay: their presence is the information).
 */
function dropDefaults(type: PbType, message: Obj): void {
  for (const field of type.fieldsArray) {
    const value = message[field.name];
    if (value === undefined || value === null) continue;
    const sub = field.resolve().resolvedType;
    if (field.map || field.repeated) {
      if (sub instanceof protobuf.Type) for (const item of Object.values(value as Obj)) dropDefaults(sub, item as Obj);
    } else if (sub instanceof protobuf.Type) {
      dropDefaults(sub, value as Obj);
    } else if (!field.partOf && (value === 0 || value === '' || value === false || (value instanceof Uint8Array && value.length === 0))) {
      delete message[field.name];
    }
  }
}

function encodeType(type: PbType, value: Obj): Uint8Array {
  const message = type.fromObject(value) as unknown as Obj;
  dropDefaults(type, message);
  return type.encode(message).finish();
}

function decodeType(type: PbType, bytes: Uint8Array, what: string): Obj {
  if (!(bytes instanceof Uint8Array)) throw new UspDecodeError(`${what}: expected bytes`);
  try {
    return type.toObject(type.decode(bytes), TO_OBJECT) as Obj;
  } catch (err) {
    throw new UspDecodeError(`${what} could not be parsed: ${(err as Error).message}`, { cause: err });
  }
}

export function encodeRecord(record: UspRecordInput): Uint8Array {
  const head: Obj = { version: record.version ?? USP_VERSION, toId: record.toId, fromId: record.fromId };
  switch (record.kind) {
    case 'msg':
      return encodeType(RecordType, { ...head, noSessionContext: { payload: record.payload } });
    case 'mqtt-connect':
      return encodeType(RecordType, {
        ...head,
        mqttConnect: { version: record.mqttVersion === '5' ? 'V5' : 'V3_1_1', subscribedTopic: record.subscribedTopic },
      });
    case 'disconnect':
      return encodeType(RecordType, { ...head, disconnect: { reason: record.reason, reasonCode: record.reasonCode } });
  }
}

export function decodeRecord(bytes: Uint8Array): UspRecord {
  const o = decodeType(RecordType, bytes, 'USP Record');
  const head: RecordHead = { version: str(o, 'version'), toId: str(o, 'toId'), fromId: str(o, 'fromId') };
  switch (o.recordType) {
    case 'noSessionContext': {
      const payload = obj(o, 'noSessionContext').payload;
      // Copy: the decoder's bytes are a view into the caller's (possibly reused) buffer.
      return { ...head, kind: 'msg', payload: payload instanceof Uint8Array ? new Uint8Array(payload) : new Uint8Array() };
    }
    case 'mqttConnect': {
      const c = obj(o, 'mqttConnect');
      return { ...head, kind: 'mqtt-connect', mqttVersion: c.version === 'V5' ? '5' : '3.1.1', subscribedTopic: str(c, 'subscribedTopic') };
    }
    case 'disconnect': {
      const d = obj(o, 'disconnect');
      return { ...head, kind: 'disconnect', reason: str(d, 'reason'), reasonCode: num(d, 'reasonCode') };
    }
    default:
      throw new UspDecodeError('USP Record has no supported record type (only no_session_context, mqtt_connect, disconnect)');
  }
}

/** A Record carrying one Msg, ready to publish. */
export function encodeMsgRecord(toId: string, fromId: string, msg: UspMsg): Uint8Array {
  return encodeRecord({ kind: 'msg', toId, fromId, payload: encodeMsg(msg) });
}

// ---------------------------------------------------------------- Msg: typed object → protobuf

const MSG_TYPE: Record<Exclude<UspMsg['type'], 'unsupported'>, string> = {
  get: 'GET',
  getResp: 'GET_RESP',
  set: 'SET',
  setResp: 'SET_RESP',
  add: 'ADD',
  addResp: 'ADD_RESP',
  delete: 'DELETE',
  deleteResp: 'DELETE_RESP',
  operate: 'OPERATE',
  operateResp: 'OPERATE_RESP',
  notify: 'NOTIFY',
  notifyResp: 'NOTIFY_RESP',
  error: 'ERROR',
};

function failure(r: { errCode: number; errMsg: string }): Obj {
  return { errCode: r.errCode, errMsg: r.errMsg };
}

function setStatus(r: UpdatedObjectResult): Obj {
  return r.ok
    ? { operSuccess: { updatedInstResults: r.updatedInstResults } }
    : { operFailure: { ...failure(r), updatedInstFailures: r.updatedInstFailures } };
}

function addStatus(r: CreatedObjectResult): Obj {
  return r.ok
    ? { operSuccess: { instantiatedPath: r.instantiatedPath, paramErrs: r.paramErrs, uniqueKeys: r.uniqueKeys } }
    : { operFailure: failure(r) };
}

function deleteStatus(r: DeletedObjectResult): Obj {
  return r.ok
    ? { operSuccess: { affectedPaths: r.affectedPaths, unaffectedPathErrs: r.unaffectedPathErrs } }
    : { operFailure: failure(r) };
}

function operationResult(r: OperationResult): Obj {
  if (!r.ok) return { executedCommand: r.executedCommand, cmdFailure: failure(r) };
  if (r.reqObjPath) return { executedCommand: r.executedCommand, reqObjPath: r.reqObjPath };
  return { executedCommand: r.executedCommand, reqOutputArgs: { outputArgs: r.outputArgs } };
}

function notification(n: Notification): Obj {
  switch (n.kind) {
    case 'event':
      return { event: { objPath: n.objPath, eventName: n.eventName, params: n.params } };
    case 'valueChange':
      return { valueChange: { paramPath: n.paramPath, paramValue: n.paramValue } };
    case 'objCreation':
      return { objCreation: { objPath: n.objPath, uniqueKeys: n.uniqueKeys } };
    case 'objDeletion':
      return { objDeletion: { objPath: n.objPath } };
    case 'operComplete': {
      const head = { objPath: n.objPath, commandName: n.commandName, commandKey: n.commandKey };
      return { operComplete: n.ok ? { ...head, reqOutputArgs: { outputArgs: n.outputArgs } } : { ...head, cmdFailure: failure(n) } };
    }
    case 'onBoardReq':
      return {
        onBoardReq: {
          oui: n.oui,
          productClass: n.productClass,
          serialNumber: n.serialNumber,
          agentSupportedProtocolVersions: n.agentSupportedProtocolVersions,
        },
      };
  }
}

function body(msg: Exclude<UspMsg, { type: 'unsupported' }>): Obj {
  switch (msg.type) {
    case 'get':
      return { request: { get: { paramPaths: msg.paramPaths, maxDepth: msg.maxDepth } } };
    case 'set':
      return { request: { set: { allowPartial: msg.allowPartial, updateObjs: msg.updateObjs } } };
    case 'add':
      return { request: { add: { allowPartial: msg.allowPartial, createObjs: msg.createObjs } } };
    case 'delete':
      return { request: { delete: { allowPartial: msg.allowPartial, objPaths: msg.objPaths } } };
    case 'operate':
      return {
        request: { operate: { command: msg.command, commandKey: msg.commandKey, sendResp: msg.sendResp, inputArgs: msg.inputArgs } },
      };
    case 'notify':
      return {
        request: { notify: { subscriptionId: msg.subscriptionId, sendResp: msg.sendResp, ...notification(msg.notification) } },
      };
    case 'getResp':
      return { response: { getResp: { reqPathResults: msg.reqPathResults } } };
    case 'setResp':
      return {
        response: {
          setResp: { updatedObjResults: msg.updatedObjResults.map((r) => ({ requestedPath: r.requestedPath, operStatus: setStatus(r) })) },
        },
      };
    case 'addResp':
      return {
        response: {
          addResp: { createdObjResults: msg.createdObjResults.map((r) => ({ requestedPath: r.requestedPath, operStatus: addStatus(r) })) },
        },
      };
    case 'deleteResp':
      return {
        response: {
          deleteResp: { deletedObjResults: msg.deletedObjResults.map((r) => ({ requestedPath: r.requestedPath, operStatus: deleteStatus(r) })) },
        },
      };
    case 'operateResp':
      return { response: { operateResp: { operationResults: msg.operationResults.map(operationResult) } } };
    case 'notifyResp':
      return { response: { notifyResp: { subscriptionId: msg.subscriptionId } } };
    case 'error':
      return { error: { errCode: msg.errCode, errMsg: msg.errMsg, paramErrs: msg.paramErrs } };
  }
}

export function encodeMsg(msg: UspMsg): Uint8Array {
  if (msg.type === 'unsupported') throw new TypeError(`cannot encode an unsupported Msg (${msg.msgType})`);
  return encodeType(MsgType, { header: { msgId: msg.msgId, msgType: MSG_TYPE[msg.type] }, body: body(msg) });
}

// ---------------------------------------------------------------- Msg: protobuf → typed object

const paramErrs = (o: Obj) => list(o, 'paramErrs').map((e) => ({ param: str(e, 'param'), errCode: num(e, 'errCode'), errMsg: str(e, 'errMsg') }));
const paramSettings = (o: Obj) =>
  list(o, 'paramSettings').map((p) => ({ param: str(p, 'param'), value: str(p, 'value'), required: bool(p, 'required') }));
const objectParams = (o: Obj, k: string) => list(o, k).map((u) => ({ objPath: str(u, 'objPath'), paramSettings: paramSettings(u) }));

/** Reads an oper_status oneof; a result without one is reported as a failure rather than guessed. */
function operStatus(r: Obj): { success: Obj } | { failure: { errCode: number; errMsg: string; raw: Obj } } {
  const s = obj(r, 'operStatus');
  if (s.operStatus === 'operSuccess') return { success: obj(s, 'operSuccess') };
  const f = obj(s, 'operFailure');
  return { failure: { errCode: num(f, 'errCode') || 7000, errMsg: str(f, 'errMsg'), raw: f } };
}

function readRequest(msgId: string, r: Obj): UspMsg | undefined {
  switch (r.reqType) {
    case 'get': {
      const g = obj(r, 'get');
      return { type: 'get', msgId, paramPaths: strings(g, 'paramPaths'), maxDepth: num(g, 'maxDepth') };
    }
    case 'set': {
      const s = obj(r, 'set');
      return { type: 'set', msgId, allowPartial: bool(s, 'allowPartial'), updateObjs: objectParams(s, 'updateObjs') };
    }
    case 'add': {
      const a = obj(r, 'add');
      return { type: 'add', msgId, allowPartial: bool(a, 'allowPartial'), createObjs: objectParams(a, 'createObjs') };
    }
    case 'delete': {
      const d = obj(r, 'delete');
      return { type: 'delete', msgId, allowPartial: bool(d, 'allowPartial'), objPaths: strings(d, 'objPaths') };
    }
    case 'operate': {
      const op = obj(r, 'operate');
      return {
        type: 'operate',
        msgId,
        command: str(op, 'command'),
        commandKey: str(op, 'commandKey'),
        sendResp: bool(op, 'sendResp'),
        inputArgs: map(op, 'inputArgs'),
      };
    }
    case 'notify': {
      const n = obj(r, 'notify');
      const notification = readNotification(n);
      if (!notification) return undefined;
      return { type: 'notify', msgId, subscriptionId: str(n, 'subscriptionId'), sendResp: bool(n, 'sendResp'), notification };
    }
    default:
      return undefined;
  }
}

function readNotification(n: Obj): Notification | undefined {
  switch (n.notification) {
    case 'event': {
      const e = obj(n, 'event');
      return { kind: 'event', objPath: str(e, 'objPath'), eventName: str(e, 'eventName'), params: map(e, 'params') };
    }
    case 'valueChange': {
      const v = obj(n, 'valueChange');
      return { kind: 'valueChange', paramPath: str(v, 'paramPath'), paramValue: str(v, 'paramValue') };
    }
    case 'objCreation': {
      const c = obj(n, 'objCreation');
      return { kind: 'objCreation', objPath: str(c, 'objPath'), uniqueKeys: map(c, 'uniqueKeys') };
    }
    case 'objDeletion':
      return { kind: 'objDeletion', objPath: str(obj(n, 'objDeletion'), 'objPath') };
    case 'operComplete': {
      const c = obj(n, 'operComplete');
      const head = { kind: 'operComplete' as const, objPath: str(c, 'objPath'), commandName: str(c, 'commandName'), commandKey: str(c, 'commandKey') };
      if (c.operationResp === 'cmdFailure') {
        const f = obj(c, 'cmdFailure');
        return { ...head, ok: false, errCode: num(f, 'errCode'), errMsg: str(f, 'errMsg') };
      }
      return { ...head, ok: true, outputArgs: map(obj(c, 'reqOutputArgs'), 'outputArgs') };
    }
    case 'onBoardReq': {
      const b = obj(n, 'onBoardReq');
      return {
        kind: 'onBoardReq',
        oui: str(b, 'oui'),
        productClass: str(b, 'productClass'),
        serialNumber: str(b, 'serialNumber'),
        agentSupportedProtocolVersions: str(b, 'agentSupportedProtocolVersions'),
      };
    }
    default:
      return undefined;
  }
}

function readResponse(msgId: string, r: Obj): UspMsg | undefined {
  switch (r.respType) {
    case 'getResp':
      return {
        type: 'getResp',
        msgId,
        reqPathResults: list(obj(r, 'getResp'), 'reqPathResults').map((p) => ({
          requestedPath: str(p, 'requestedPath'),
          errCode: num(p, 'errCode'),
          errMsg: str(p, 'errMsg'),
          resolvedPathResults: list(p, 'resolvedPathResults').map((x) => ({ resolvedPath: str(x, 'resolvedPath'), resultParams: map(x, 'resultParams') })),
        })),
      };
    case 'setResp':
      return {
        type: 'setResp',
        msgId,
        updatedObjResults: list(obj(r, 'setResp'), 'updatedObjResults').map((u): UpdatedObjectResult => {
          const requestedPath = str(u, 'requestedPath');
          const status = operStatus(u);
          if ('failure' in status) {
            const { errCode, errMsg, raw } = status.failure;
            const updatedInstFailures = list(raw, 'updatedInstFailures').map((f) => ({ affectedPath: str(f, 'affectedPath'), paramErrs: paramErrs(f) }));
            return { requestedPath, ok: false, errCode, errMsg, updatedInstFailures };
          }
          const updatedInstResults = list(status.success, 'updatedInstResults').map((i) => ({
            affectedPath: str(i, 'affectedPath'),
            paramErrs: paramErrs(i),
            updatedParams: map(i, 'updatedParams'),
          }));
          return { requestedPath, ok: true, updatedInstResults };
        }),
      };
    case 'addResp':
      return {
        type: 'addResp',
        msgId,
        createdObjResults: list(obj(r, 'addResp'), 'createdObjResults').map((c): CreatedObjectResult => {
          const requestedPath = str(c, 'requestedPath');
          const status = operStatus(c);
          if ('failure' in status) return { requestedPath, ok: false, errCode: status.failure.errCode, errMsg: status.failure.errMsg };
          const s = status.success;
          return { requestedPath, ok: true, instantiatedPath: str(s, 'instantiatedPath'), paramErrs: paramErrs(s), uniqueKeys: map(s, 'uniqueKeys') };
        }),
      };
    case 'deleteResp':
      return {
        type: 'deleteResp',
        msgId,
        deletedObjResults: list(obj(r, 'deleteResp'), 'deletedObjResults').map((d): DeletedObjectResult => {
          const requestedPath = str(d, 'requestedPath');
          const status = operStatus(d);
          if ('failure' in status) return { requestedPath, ok: false, errCode: status.failure.errCode, errMsg: status.failure.errMsg };
          const s = status.success;
          const unaffectedPathErrs = list(s, 'unaffectedPathErrs').map((e) => ({
            unaffectedPath: str(e, 'unaffectedPath'),
            errCode: num(e, 'errCode'),
            errMsg: str(e, 'errMsg'),
          }));
          return { requestedPath, ok: true, affectedPaths: strings(s, 'affectedPaths'), unaffectedPathErrs };
        }),
      };
    case 'operateResp':
      return {
        type: 'operateResp',
        msgId,
        operationResults: list(obj(r, 'operateResp'), 'operationResults').map((o): OperationResult => {
          const executedCommand = str(o, 'executedCommand');
          if (o.operationResp === 'cmdFailure') {
            const f = obj(o, 'cmdFailure');
            return { executedCommand, ok: false, errCode: num(f, 'errCode'), errMsg: str(f, 'errMsg') };
          }
          if (o.operationResp === 'reqObjPath') return { executedCommand, ok: true, outputArgs: {}, reqObjPath: str(o, 'reqObjPath') };
          return { executedCommand, ok: true, outputArgs: map(obj(o, 'reqOutputArgs'), 'outputArgs') };
        }),
      };
    case 'notifyResp':
      return { type: 'notifyResp', msgId, subscriptionId: str(obj(r, 'notifyResp'), 'subscriptionId') };
    default:
      return undefined;
  }
}

/**
 * Decodes a Msg (the payload of a no_session_context Record). The body decides the type; the
 * header's msg_type only names what we do not implement.
 */
export function decodeMsg(bytes: Uint8Array): UspMsg {
  const o = decodeType(MsgType, bytes, 'USP Msg');
  if (!o.header || !o.body) throw new UspDecodeError('USP Msg has no header or no body');
  const header = obj(o, 'header');
  const msgId = str(header, 'msgId');
  const b = obj(o, 'body');
  let msg: UspMsg | undefined;
  if (b.msgBody === 'request') msg = readRequest(msgId, obj(b, 'request'));
  else if (b.msgBody === 'response') msg = readResponse(msgId, obj(b, 'response'));
  else if (b.msgBody === 'error') {
    const e = obj(b, 'error');
    msg = {
      type: 'error',
      msgId,
      errCode: num(e, 'errCode'),
      errMsg: str(e, 'errMsg'),
      paramErrs: list(e, 'paramErrs').map((p) => ({ paramPath: str(p, 'paramPath'), errCode: num(p, 'errCode'), errMsg: str(p, 'errMsg') })),
    };
  }
  return msg ?? { type: 'unsupported', msgId, msgType: typeof header.msgType === 'string' ? header.msgType : String(header.msgType ?? 'ERROR') };
}
