// Wireless policies (spec §2 /manage/wirelessconf, §3, §4 "applied only after the user confirms",
// docs/wireless.md): a write makes or extends the project's one pending change and changes nothing on
// the devices; confirming it makes it the desired `wireless-policies` section, which the engine sends.
import { z } from 'zod';
import { WirelessPolicySchema } from '../config/wireless-policies.js';
import { ErrorCode } from '../errors.js';
import { apiRuleKey } from './en-api-rules.js';
import { FieldChangeSchema } from './config.js';
import { endpoint } from './endpoint.js';
import { idParam, ProjectIdParamSchema } from './projects.js';

export const WirelessPolicyParamsSchema = ProjectIdParamSchema.extend({ policyId: idParam(apiRuleKey('policyId', 'format')) });

/** a Wi-Fi device of the project as the page shows it: where the confirmed policies stand on it */
export const WirelessDeviceSchema = z.object({
  sn: z.string(),
  name: z.string(),
  type: z.string(),
  /** spec §3 device status: 7 while a confirmed change is on its way, 1 once applied */
  status: z.number().int(),
  /** the confirmed version it holds, and where the newest stands on it */
  appliedVersion: z.number().int().min(0),
  state: z.enum(['applied', 'pending', 'waiting', 'failed', 'rolled-back']),
  /** MESH: the node's role (root or secondary) and whether it is joined to the mesh */
  meshRole: z.string().nullable(),
});
export type WirelessDevice = z.output<typeof WirelessDeviceSchema>;

export const PendingWirelessSchema = z.object({
  /** rises with every edit of the pending change; confirming names the one the person saw */
  revision: z.number().int().positive(),
  /** who edited it last, and when (UTC, ISO 8601) */
  actor: z.string().nullable(),
  updatedAt: z.string(),
  /** the list as it will be once confirmed */
  policies: z.array(WirelessPolicySchema),
  /** field by field, confirmed → pending (passwords said, not shown) */
  changes: z.array(FieldChangeSchema),
  /** the devices whose Wi-Fi changes when it is confirmed */
  devices: z.array(z.object({ sn: z.string(), name: z.string() })),
  /** MESH: the main Wi-Fi is renamed or deleted — the mesh nodes drop and join again */
  renetwork: z.boolean(),
});
export type PendingWireless = z.output<typeof PendingWirelessSchema>;

export const WirelessPoliciesViewSchema = z.object({
  /** the confirmed list (the desired `wireless-policies` section) and its version */
  policies: z.array(WirelessPolicySchema),
  version: z.number().int().min(0),
  pending: PendingWirelessSchema.nullable(),
  devices: z.array(WirelessDeviceSchema),
  /** MESH projects: the policy whose SSID the mesh nodes join with (the first one) */
  mainPolicyId: z.number().int().nullable(),
});
export type WirelessPoliciesView = z.output<typeof WirelessPoliciesViewSchema>;

/**
 * A policy's fields as sent (WirelessPolicyInputSchema). Checked by the service after the permission
 * step, so a refusal answers the spec's code of its rule (2008 for equal 2.4/5 GHz names) with the fields.
 */
export const WirelessPolicyBodySchema = z.record(z.string(), z.unknown()).meta({ description: 'a wireless policy: name, ssid, ssid5, band, securityMode, cipher, password, keyUpdateCycle, vlanId, maxClients, hidden, schedule, guest, rateLimit, radius, applyTo, sns (docs/wireless.md)' });

export const PendingAnswerSchema = z.object({ pending: PendingWirelessSchema.nullable() });
export const ApplyWirelessSchema = z.object({ revision: z.number().int().positive().optional() });
export const AppliedWirelessSchema = z.object({ version: z.number().int().min(1), devices: z.array(z.string()) });

const tag = 'wireless';
const notFound = { code: ErrorCode.DATA_NOT_FOUND, text: 'wireless.notFound' } as const;
const rf = { code: ErrorCode.PROJECT_RF_OPTIMISING, text: 'wireless.rfRunning' } as const;
const listRules = [
  { code: ErrorCode.POLICY_NAME_EXISTS, text: 'wireless.nameExists' },
  { code: ErrorCode.WIRELESS_POLICY_LIMIT, text: 'wireless.count' },
  { code: ErrorCode.WIFI_ALL_DEVICES_LIMIT, text: 'wireless.allDevices' },
  { code: ErrorCode.WIFI_SPECIFIED_DEVICES_LIMIT, text: 'wireless.specifiedDevices' },
  { code: ErrorCode.GUEST_WIFI_LIMIT, text: 'wireless.guest' },
  { code: ErrorCode.BAND_CLIENT_LIMIT, text: 'wireless.bandClients' },
  { code: ErrorCode.WIFI_NAMES_MUST_DIFFER, text: 'wireless.namesDiffer' },
  { code: ErrorCode.INVALID_PARAMS, text: 'wireless.unknownDevice' },
  rf,
] as const;

export const wirelessEndpoints = {
  list: endpoint({
    method: 'get', path: '/projects/:id/wireless/policies', tag, auth: 'session', action: 'device.view',
    summary: 'The confirmed wireless policies, the pending change (diff and the devices it reaches) and where the Wi-Fi devices stand',
    description: 'Passwords and RADIUS secrets are shown to those who may change the policies only.',
    params: ProjectIdParamSchema, response: WirelessPoliciesViewSchema,
  }),
  create: endpoint({
    method: 'post', path: '/projects/:id/wireless/policies', tag, auth: 'session', action: 'wireless.configure',
    summary: 'Add a policy to the pending change; nothing is sent to the devices before it is confirmed',
    params: ProjectIdParamSchema, body: WirelessPolicyBodySchema, response: PendingAnswerSchema, errors: listRules,
  }),
  get: endpoint({
    method: 'get', path: '/projects/:id/wireless/policies/:policyId', tag, auth: 'session', action: 'device.view',
    summary: 'One policy as the pending change has it (else as confirmed)',
    params: WirelessPolicyParamsSchema, response: WirelessPolicySchema, errors: [notFound],
  }),
  update: endpoint({
    method: 'put', path: '/projects/:id/wireless/policies/:policyId', tag, auth: 'session', action: 'wireless.configure',
    summary: 'Change a policy in the pending change; nothing is sent to the devices before it is confirmed',
    params: WirelessPolicyParamsSchema, body: WirelessPolicyBodySchema, response: PendingAnswerSchema, errors: [notFound, ...listRules],
  }),
  remove: endpoint({
    method: 'delete', path: '/projects/:id/wireless/policies/:policyId', tag, auth: 'session', action: 'wireless.configure',
    summary: 'Remove a policy in the pending change (its SSID goes away once confirmed)',
    params: WirelessPolicyParamsSchema, response: PendingAnswerSchema,
    errors: [notFound, { code: ErrorCode.WIRELESS_POLICY_IN_USE, text: 'wireless.inUse' }, rf],
  }),
  apply: endpoint({
    method: 'post', path: '/projects/:id/wireless/apply', tag, auth: 'session', action: 'wireless.configure',
    summary: 'Confirm the pending change: it becomes the desired configuration and the devices apply it (status 7, then 1)',
    description: 'With `revision`, the confirmation is refused (414) when the pending change was edited since that revision.',
    params: ProjectIdParamSchema, body: ApplyWirelessSchema, response: AppliedWirelessSchema,
    errors: [
      { code: ErrorCode.DATA_NOT_FOUND, text: 'wireless.nothingPending' },
      { code: ErrorCode.CONFIG_CONFLICT, text: 'wireless.pendingChanged' },
      ...listRules,
    ],
  }),
  discard: endpoint({
    method: 'delete', path: '/projects/:id/wireless/pending', tag, auth: 'session', action: 'wireless.configure',
    summary: 'Discard the pending change: the confirmed policies stay as they are',
    params: ProjectIdParamSchema, response: PendingAnswerSchema, errors: [rf],
  }),
} as const;
