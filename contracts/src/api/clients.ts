// Online clients, force offline and the blacklist (spec §3 "Online client", §9 blacklist 100, §8 156).
// The clients are what the project's devices report (TR-181 Device.WiFi.AccessPoint.{i}.AssociatedDevice.
// and Device.Hosts.Host.), kept by the gateway (docs/data.md "Online clients"). The list is answered
// whole; the page's shared Table searches, sorts and pages it.
import { z } from 'zod';
import { CLIENT_TYPES } from '../domain/device.js';
import { ErrorCode } from '../errors.js';
import { LIMITS } from '../limits.js';
import { macAddress, OperationItemSchema, revision } from './devices.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';
import { ProjectIdParamSchema } from './projects.js';

/** `all` clients, or the `wireless` ones only (spec §2 online client list) */
export const CLIENT_KINDS = ['all', 'wireless'] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];

/** a MAC in the one spelling the console stores and answers: upper case with colons */
export function normalMac(mac: string): string {
  const hex = mac.replace(/[:-]/g, '').toUpperCase();
  return hex.match(/../g)?.join(':') ?? hex;
}

/** a MAC as a person or a URL gives it (any of AA:BB…, aa-bb…, aabb…), answered upper case with colons */
export const clientMac = macAddress.transform(normalMac);

export const ClientListQuerySchema = z.object({
  kind: z.enum(CLIENT_KINDS, { error: apiRuleKey('clientKind', 'value') }).default('all'),
});
export type ClientListQuery = z.output<typeof ClientListQuerySchema>;

export const ClientParamsSchema = ProjectIdParamSchema.extend({ mac: clientMac });

export const OnlineClientSchema = z.object({
  /** upper case with colons */
  mac: z.string(),
  revision,
  /** the host name the device learnt (DHCP), or '' */
  name: z.string(),
  ip: z.string(),
  /** how it is attached */
  connection: z.enum(['wireless', 'wired']),
  /** the device it is associated with (or cabled to) */
  sn: z.string(),
  deviceName: z.string(),
  /** the network name (wireless only) */
  ssid: z.string().nullable(),
  /** '2.4GHz' | '5GHz' (wireless only) */
  band: z.string().nullable(),
  /** dBm (wireless only) */
  signal: z.number().int().nullable(),
  /** bytes the AP sent to it / received from it since it associated (TR-181 BytesSent / BytesReceived) */
  txBytes: z.number().nullable(),
  rxBytes: z.number().nullable(),
  /** kbit/s of the last data frames down to it / up from it (TR-181 LastDataDownlinkRate / LastDataUplinkRate) */
  txRate: z.number().nullable(),
  rxRate: z.number().nullable(),
  online: z.boolean(),
  /** UTC ISO 8601: since when it is connected (online) */
  onlineSince: z.string(),
  /** UTC ISO 8601: since when it is gone (offline), null while online */
  offlineSince: z.string().nullable(),
  /** spec §3 client type, guessed from the host name (docs/data.md); null when nothing tells */
  type: z.enum(CLIENT_TYPES).nullable(),
  blacklisted: z.boolean(),
});
export type OnlineClient = z.output<typeof OnlineClientSchema>;

export const ClientListSchema = z.object({
  items: z.array(OnlineClientSchema),
  total: z.number().int(),
});
export type ClientList = z.output<typeof ClientListSchema>;

export const BLACKLIST_NOTE_MAX = 64;

export const BlacklistAddSchema = z.object({
  mac: clientMac,
  /** what a person calls it ('' when not given; the client's host name is taken when it is known) */
  note: z.string({ error: apiRuleKey('blacklistNote', 'length') }).trim().max(BLACKLIST_NOTE_MAX, { error: apiRuleKey('blacklistNote', 'length') }).optional(),
});
export type BlacklistAdd = z.output<typeof BlacklistAddSchema>;

export const BlacklistEntrySchema = z.object({
  mac: z.string(),
  note: z.string(),
  /** UTC ISO 8601 */
  createdAt: z.string(),
});
export type BlacklistEntry = z.output<typeof BlacklistEntrySchema>;

export const BlacklistSchema = z.object({
  items: z.array(BlacklistEntrySchema),
  /** spec §9: at most this many per project */
  max: z.number().int(),
});
export type Blacklist = z.output<typeof BlacklistSchema>;

export const BLACKLIST_MAX = LIMITS.blacklistMax;

const tag = 'clients';
const clientNotFound = { code: ErrorCode.DATA_NOT_FOUND, text: 'clients.notFound' } as const;

export const clientEndpoints = {
  list: endpoint({
    method: 'get', path: '/projects/:id/clients', tag, auth: 'session', action: 'device.view',
    summary: 'The clients of the project\'s devices: online ones, and those gone within the last 24 hours; all or wireless only',
    params: ProjectIdParamSchema, query: ClientListQuerySchema, response: ClientListSchema,
  }),
  offline: endpoint({
    method: 'post', path: '/projects/:id/clients/:mac/offline', tag, auth: 'session', action: 'device.operate', status: 202,
    summary: 'Disconnect a wireless client from its AP (a device operation); it may join again unless it is blacklisted',
    params: ClientParamsSchema, response: OperationItemSchema,
    errors: [
      clientNotFound,
      { code: ErrorCode.INVALID_PARAMS, text: 'clients.notWireless' },
      { code: ErrorCode.DEVICE_OFFLINE, text: 'devices.offline' },
      { code: ErrorCode.DEVICE_BUSY, text: 'devices.busy' },
      { code: ErrorCode.LOCAL_MODE, text: 'devices.localMode' },
    ],
  }),
  blacklist: endpoint({
    method: 'get', path: '/projects/:id/blacklist', tag, auth: 'session', action: 'device.view',
    summary: 'The MAC addresses that may not join any AP of the project, newest first',
    params: ProjectIdParamSchema, response: BlacklistSchema,
  }),
  blacklistAdd: endpoint({
    method: 'post', path: '/projects/:id/blacklist', tag, auth: 'session', action: 'wireless.configure', status: 201,
    summary: `Keep a MAC address off every AP of the project (at most ${LIMITS.blacklistMax}); a connected client is disconnected`,
    description: 'Delivered to the APs as desired configuration (section wifi-acl): an AP that is offline gets it when it returns.',
    params: ProjectIdParamSchema, body: BlacklistAddSchema, response: BlacklistEntrySchema,
    errors: [{ code: ErrorCode.BLACKLIST_LIMIT, text: 'clients.blacklistLimit' }, { code: ErrorCode.INVALID_PARAMS, text: 'clients.alreadyBlacklisted' }],
  }),
  blacklistRemove: endpoint({
    method: 'delete', path: '/projects/:id/blacklist/:mac', tag, auth: 'session', action: 'wireless.configure',
    summary: 'Let a blacklisted MAC address join the project\'s APs again',
    params: ClientParamsSchema, response: z.object({ mac: z.string() }),
    errors: [{ code: ErrorCode.DATA_NOT_FOUND, text: 'clients.notBlacklisted' }],
  }),
} as const;
