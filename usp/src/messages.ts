// USP Msgs as plain typed objects (one `type` per Msg kind we use) and builders that fill defaults.
// The codec turns these into protobuf and back, so callers never touch protobuf objects.

/** String→string map as USP carries it (params, input/output args, unique keys). */
export type UspMap = Record<string, string>;

export interface ParamSetting {
  param: string;
  value: string;
  /** When true the whole object fails if this parameter cannot be set. */
  required: boolean;
}

export interface ParamError {
  param: string;
  errCode: number;
  errMsg: string;
}

export interface GetMsg {
  type: 'get';
  msgId: string;
  paramPaths: string[];
  /** 0 = no limit. */
  maxDepth: number;
}

export interface ResolvedPathResult {
  resolvedPath: string;
  resultParams: UspMap;
}

export interface RequestedPathResult {
  requestedPath: string;
  /** 0 on success. */
  errCode: number;
  errMsg: string;
  resolvedPathResults: ResolvedPathResult[];
}

export interface GetRespMsg {
  type: 'getResp';
  msgId: string;
  reqPathResults: RequestedPathResult[];
}

export interface ObjectParams {
  objPath: string;
  paramSettings: ParamSetting[];
}

export interface SetMsg {
  type: 'set';
  msgId: string;
  allowPartial: boolean;
  updateObjs: ObjectParams[];
}

export interface UpdatedInstanceResult {
  affectedPath: string;
  paramErrs: ParamError[];
  updatedParams: UspMap;
}

export interface UpdatedInstanceFailure {
  affectedPath: string;
  paramErrs: ParamError[];
}

export type UpdatedObjectResult =
  | { requestedPath: string; ok: true; updatedInstResults: UpdatedInstanceResult[] }
  | { requestedPath: string; ok: false; errCode: number; errMsg: string; updatedInstFailures: UpdatedInstanceFailure[] };

export interface SetRespMsg {
  type: 'setResp';
  msgId: string;
  updatedObjResults: UpdatedObjectResult[];
}

export interface AddMsg {
  type: 'add';
  msgId: string;
  allowPartial: boolean;
  createObjs: ObjectParams[];
}

export type CreatedObjectResult =
  | { requestedPath: string; ok: true; instantiatedPath: string; paramErrs: ParamError[]; uniqueKeys: UspMap }
  | { requestedPath: string; ok: false; errCode: number; errMsg: string };

export interface AddRespMsg {
  type: 'addResp';
  msgId: string;
  createdObjResults: CreatedObjectResult[];
}

export interface DeleteMsg {
  type: 'delete';
  msgId: string;
  allowPartial: boolean;
  objPaths: string[];
}

export interface UnaffectedPathError {
  unaffectedPath: string;
  errCode: number;
  errMsg: string;
}

export type DeletedObjectResult =
  | { requestedPath: string; ok: true; affectedPaths: string[]; unaffectedPathErrs: UnaffectedPathError[] }
  | { requestedPath: string; ok: false; errCode: number; errMsg: string };

export interface DeleteRespMsg {
  type: 'deleteResp';
  msgId: string;
  deletedObjResults: DeletedObjectResult[];
}

export interface OperateMsg {
  type: 'operate';
  msgId: string;
  /** e.g. `Device.Reboot()` */
  command: string;
  /** Our operation id: an agent executes a command key once, so a duplicate delivery is harmless. */
  commandKey: string;
  sendResp: boolean;
  inputArgs: UspMap;
}

/**
 * One command's result. A synchronous command answers with its output args; an asynchronous one
 * may instead give `reqObjPath` (its `Device.LocalAgent.Request.<n>` object) and report later
 * through an OperationComplete Notify.
 */
export type OperationResult =
  | { executedCommand: string; ok: true; outputArgs: UspMap; reqObjPath?: string }
  | { executedCommand: string; ok: false; errCode: number; errMsg: string };

export interface OperateRespMsg {
  type: 'operateResp';
  msgId: string;
  operationResults: OperationResult[];
}

export type Notification =
  | { kind: 'event'; objPath: string; eventName: string; params: UspMap }
  | { kind: 'valueChange'; paramPath: string; paramValue: string }
  | { kind: 'objCreation'; objPath: string; uniqueKeys: UspMap }
  | { kind: 'objDeletion'; objPath: string }
  | { kind: 'operComplete'; objPath: string; commandName: string; commandKey: string; ok: true; outputArgs: UspMap }
  | { kind: 'operComplete'; objPath: string; commandName: string; commandKey: string; ok: false; errCode: number; errMsg: string }
  | { kind: 'onBoardReq'; oui: string; productClass: string; serialNumber: string; agentSupportedProtocolVersions: string };

export interface NotifyMsg {
  type: 'notify';
  msgId: string;
  subscriptionId: string;
  /** When true the controller answers with a NotifyResp (same msgId); until then the agent retries. */
  sendResp: boolean;
  notification: Notification;
}

export interface NotifyRespMsg {
  type: 'notifyResp';
  msgId: string;
  subscriptionId: string;
}

export interface ErrorParamError {
  paramPath: string;
  errCode: number;
  errMsg: string;
}

export interface ErrorMsg {
  type: 'error';
  msgId: string;
  errCode: number;
  errMsg: string;
  paramErrs: ErrorParamError[];
}

/**
 * A Msg kind we do not implement (GetSupportedDM, GetInstances, Register…), or a Msg without a body.
 * Decoding never fails on these: an agent answers them with Error 7001 (message not supported).
 */
export interface UnsupportedMsg {
  type: 'unsupported';
  msgId: string;
  /** The header's MsgType name, e.g. `GET_SUPPORTED_DM`. */
  msgType: string;
}

export type UspMsg =
  | GetMsg
  | GetRespMsg
  | SetMsg
  | SetRespMsg
  | AddMsg
  | AddRespMsg
  | DeleteMsg
  | DeleteRespMsg
  | OperateMsg
  | OperateRespMsg
  | NotifyMsg
  | NotifyRespMsg
  | ErrorMsg
  | UnsupportedMsg;

export type UspMsgType = UspMsg['type'];

/** A fresh, unique msg_id (USP requires it unique per endpoint pair; a UUID is). */
export function newMsgId(): string {
  return globalThis.crypto.randomUUID();
}

interface RequestOptions {
  msgId?: string;
}

export type ParamSettingInput = Omit<ParamSetting, 'required'> & { required?: boolean };
export interface ObjectParamsInput {
  objPath: string;
  paramSettings?: ParamSettingInput[];
}

function objectParams(objs: ObjectParamsInput[]): ObjectParams[] {
  return objs.map((o) => ({
    objPath: o.objPath,
    paramSettings: (o.paramSettings ?? []).map((p) => ({ param: p.param, value: p.value, required: p.required ?? false })),
  }));
}

export function buildGet(paramPaths: string[], options: RequestOptions & { maxDepth?: number } = {}): GetMsg {
  return { type: 'get', msgId: options.msgId ?? newMsgId(), paramPaths, maxDepth: options.maxDepth ?? 0 };
}

export function buildGetResp(msgId: string, reqPathResults: RequestedPathResult[]): GetRespMsg {
  return { type: 'getResp', msgId, reqPathResults };
}

export function buildSet(updateObjs: ObjectParamsInput[], options: RequestOptions & { allowPartial?: boolean } = {}): SetMsg {
  return { type: 'set', msgId: options.msgId ?? newMsgId(), allowPartial: options.allowPartial ?? false, updateObjs: objectParams(updateObjs) };
}

export function buildSetResp(msgId: string, updatedObjResults: UpdatedObjectResult[]): SetRespMsg {
  return { type: 'setResp', msgId, updatedObjResults };
}

export function buildAdd(createObjs: ObjectParamsInput[], options: RequestOptions & { allowPartial?: boolean } = {}): AddMsg {
  return { type: 'add', msgId: options.msgId ?? newMsgId(), allowPartial: options.allowPartial ?? false, createObjs: objectParams(createObjs) };
}

export function buildAddResp(msgId: string, createdObjResults: CreatedObjectResult[]): AddRespMsg {
  return { type: 'addResp', msgId, createdObjResults };
}

export function buildDelete(objPaths: string[], options: RequestOptions & { allowPartial?: boolean } = {}): DeleteMsg {
  return { type: 'delete', msgId: options.msgId ?? newMsgId(), allowPartial: options.allowPartial ?? false, objPaths };
}

export function buildDeleteResp(msgId: string, deletedObjResults: DeletedObjectResult[]): DeleteRespMsg {
  return { type: 'deleteResp', msgId, deletedObjResults };
}

export function buildOperate(
  command: string,
  options: RequestOptions & { commandKey?: string; sendResp?: boolean; inputArgs?: UspMap } = {},
): OperateMsg {
  return {
    type: 'operate',
    msgId: options.msgId ?? newMsgId(),
    command,
    commandKey: options.commandKey ?? '',
    sendResp: options.sendResp ?? true,
    inputArgs: options.inputArgs ?? {},
  };
}

export function buildOperateResp(msgId: string, operationResults: OperationResult[]): OperateRespMsg {
  return { type: 'operateResp', msgId, operationResults };
}

export function buildNotify(
  subscriptionId: string,
  notification: Notification,
  options: RequestOptions & { sendResp?: boolean } = {},
): NotifyMsg {
  return { type: 'notify', msgId: options.msgId ?? newMsgId(), subscriptionId, sendResp: options.sendResp ?? false, notification };
}

/** Event notification, e.g. `eventNotification('Device.', 'Boot!', { Cause: 'RemoteReboot' })`. */
export function eventNotification(objPath: string, eventName: string, params: UspMap = {}): Notification {
  return { kind: 'event', objPath, eventName, params };
}

export function valueChangeNotification(paramPath: string, paramValue: string): Notification {
  return { kind: 'valueChange', paramPath, paramValue };
}

/** The controller's answer to a Notify with send_resp: same msg_id and subscription id. */
export function buildNotifyResp(notify: Pick<NotifyMsg, 'msgId' | 'subscriptionId'>): NotifyRespMsg {
  return { type: 'notifyResp', msgId: notify.msgId, subscriptionId: notify.subscriptionId };
}

export function buildError(msgId: string, errCode: number, errMsg: string, paramErrs: ErrorParamError[] = []): ErrorMsg {
  return { type: 'error', msgId, errCode, errMsg, paramErrs };
}

/** Every `full path → value` of a GetResp (resolved path + relative parameter name). */
export function flattenGetResp(resp: GetRespMsg): Map<string, string> {
  const out = new Map<string, string>();
  for (const requested of resp.reqPathResults) {
    if (requested.errCode !== 0) continue;
    for (const resolved of requested.resolvedPathResults) {
      for (const [key, value] of Object.entries(resolved.resultParams)) out.set(resolved.resolvedPath + key, value);
    }
  }
  return out;
}
