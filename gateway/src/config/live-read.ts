// Live reads the console asks of the gateway instance that hears a device (bus questions): what the
// device holds right now, not what the console stored. Today: the gateway's routing table
// (TR-181 Device.Routing.Router.1.IPv4Forwarding, the device's own routes and the console's).
import type { RouteTable } from '@airloom/contracts';
import { AskError, type Question } from '../bus/bus.js';
import type { RuntimeContext } from '../context.js';
import { readValues, type Send } from './apply.js';
import { IPV4_FORWARDING } from './gateway-tables.js';
import { instancesOf } from './target.js';
import type { RequestMsg, ResponseTo } from '../usp-controller.js';

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
  return async (question: Question): Promise<RouteTable> => {
    const row = (await ctx.db('devices').where({ sn: question.sn }).first('sn', 'endpoint_id')) as { sn: string; endpoint_id: string } | undefined;
    if (!row || !ctx.live.has(row.sn)) throw new AskError('the device is not connected to this gateway');
    const send: Send = <M extends RequestMsg>(msg: M) => ctx.controller.request(row.endpoint_id, msg) as Promise<ResponseTo<M>>;
    const reported = await readValues(send, [IPV4_FORWARDING]);
    return { sn: row.sn, routes: routeRows(reported), readAt: new Date(ctx.now()).toISOString() };
  };
}
