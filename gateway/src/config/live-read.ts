// Live reads the console asks of the gateway instance that hears a device (bus questions): what the
// device holds right now, not what the console stored. Today: the gateway's routing table
// (TR-181 Device.Routing.Router.1.IPv4Forwarding, the device's own routes and the console's).
import type { RouteTable } from '@airloom/contracts';
import { AskError, type Question } from '../bus/bus.js';
import type { RuntimeContext } from '../context.js';
import { readValues, type Send } from './apply.js';
import { IPV4_FORWARDING } from './gateway-tables.js';
import { instancesOf } from './target.js';
import { UspErrorResponse, type RequestMsg, type ResponseTo } from '../usp-controller.js';
import { buildSet, TR181 } from '@airloom/usp';

/** the routing table from a device's reported values, in instance order */
export function routeRows(reported: Record<string, string>): RouteTable['routes'] {
  return [...instancesOf(reported, IPV4_FORWARDING).entries()]
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, p]) => ({
      destination: p.DestIPAddress || '0.0.0.0',
      mask: p.DestSubnetMask || '0.0.0.0',
      gateway: p.GatewayIPAddress ?? '',
      interface: p.Interface ?? '',
      static: p.StaticRoute === 'true' || p.StaticRoute === '1',
      enabled: p.Enable !== 'false' && p.Enable !== '0',
    }));
}

export function createLiveReads(ctx: RuntimeContext) {
  return async (question: Question): Promise<RouteTable | { set: true }> => {
    if (question.kind === 'remote-web') throw new AskError('a console question, not a gateway one');
    const row = (await ctx.db('devices').where({ sn: question.sn }).first('sn', 'endpoint_id')) as { sn: string; endpoint_id: string } | undefined;
    if (!row || !ctx.live.has(row.sn)) throw new AskError('the device is not connected to this gateway');
    const send: Send = <M extends RequestMsg>(msg: M) => ctx.controller.request(row.endpoint_id, msg) as Promise<ResponseTo<M>>;
    if (question.kind === 'admin-password') return setAdminPassword(send, question.password);
    if (question.kind === 'management-mode') return setManagementMode(send, question.mode);
    const reported = await readValues(send, [IPV4_FORWARDING]);
    return { sn: row.sn, routes: routeRows(reported), readAt: new Date(ctx.now()).toISOString() };
  };
}

/**
 * One Set of TR-181 Device.Users.User.1.Password (the local `admin`), required, not partial. Setting
 * the same password twice is harmless, so a lost answer may be asked again. The device's error is
 * passed on by its code only: its message could quote what it was sent.
 */
/** One Set of the vendor Device.X_AIRLOOM_ManagementMode (docs/devices.md): the device is told who manages its settings. */
async function setManagementMode(send: Send, mode: 'cloud' | 'local'): Promise<{ set: true }> {
  const cut = TR181.managementMode.lastIndexOf('.') + 1;
  try {
    const resp = await send(buildSet([{ objPath: TR181.managementMode.slice(0, cut), paramSettings: [{ param: TR181.managementMode.slice(cut), value: mode, required: true }] }], { allowPartial: false }));
    if (!resp.updatedObjResults.every((r) => r.ok)) throw new AskError('the device refused the management mode');
  } catch (err) {
    if (err instanceof AskError) throw err;
    throw new AskError(err instanceof UspErrorResponse ? `the device refused the management mode (USP error ${err.errCode})` : 'the device did not answer');
  }
  return { set: true };
}

async function setAdminPassword(send: Send, password: string): Promise<{ set: true }> {
  const [objPath, param] = [TR181.adminUser, TR181.adminPassword.slice(TR181.adminUser.length)];
  try {
    const resp = await send(buildSet([{ objPath, paramSettings: [{ param, value: password, required: true }] }], { allowPartial: false }));
    if (!resp.updatedObjResults.every((r) => r.ok)) throw new AskError('the device refused the password');
  } catch (err) {
    if (err instanceof AskError) throw err;
    throw new AskError(err instanceof UspErrorResponse ? `the device refused the password (USP error ${err.errCode})` : 'the device did not answer');
  }
  return { set: true };
}
