// Wireless policies (spec §3 "Wi-Fi policy", §4 apply after confirm, §5 Wi-Fi policy rules, §9 limits):
// one policy's fields as a zod schema (the dialog and the API use this one), and the rules over the
// whole list with their spec §8 codes. Stored as the project-level section `wireless-policies`
// (docs/wireless.md), rendered per AP by the gateway.
import { z } from 'zod';
import { ErrorCode } from '../errors.js';
import { LIMITS } from '../limits.js';
import { BANDS, CIPHERS, ciphersFor, needsWifiPassword, SecurityMode } from '../domain/wireless.js';
import { ipv4, port } from '../rules/addresses.js';
import { policyName, ssid } from '../rules/names.js';
import { wifiPassword } from '../rules/passwords.js';
import { vlanId } from '../rules/vlan.js';
import { keyUpdateCycle, maxClients, shutdownPeriods } from '../rules/wireless.js';
import { netconfKey } from './keys.js';

/** enterprise modes (WPA / WPA2 with 802.1X): a RADIUS server instead of a Wi-Fi password */
export function isEnterpriseMode(mode: number): boolean {
  return mode === SecurityMode.WPA || mode === SecurityMode.WPA2;
}

const SECURITY_MODE_VALUES = Object.values(SecurityMode) as number[];
const PRINTABLE = /^[\x20-\x7E]+$/;

export const RadiusSchema = z.object({
  ip: ipv4,
  port,
  secret: z.string({ error: netconfKey('wirelessPolicy', 'radiusRequired') }).min(1, { error: netconfKey('wirelessPolicy', 'radiusSecret') }).max(64, { error: netconfKey('wirelessPolicy', 'radiusSecret') }).regex(PRINTABLE, { error: netconfKey('wirelessPolicy', 'radiusSecret') }),
});

export const RateLimitSchema = z.object({
  uploadMbps: z.literal(LIMITS.rateLimitUploadMbps, { error: netconfKey('wirelessPolicy', 'rateLimit') }),
  downloadMbps: z.number({ error: netconfKey('wirelessPolicy', 'rateLimit') }).refine((v) => (LIMITS.rateLimitDownloadMbpsChoices as readonly number[]).includes(v), { error: netconfKey('wirelessPolicy', 'rateLimit') }),
});

/** the fields a person fills in (spec §3); `id` is the server's */
export const WirelessPolicyInputSchema = z
  .object({
    name: policyName,
    /** the Wi-Fi name on 2.4 GHz, or on the one band chosen */
    ssid,
    /** `dual` only: the 5 GHz name, which must differ from the 2.4 GHz one (spec §5, 2008) */
    ssid5: ssid.optional(),
    band: z.enum(BANDS, { error: netconfKey('wirelessPolicy', 'band') }),
    securityMode: z.number({ error: 'rules.wirelessSecurity.required' }).refine((m) => SECURITY_MODE_VALUES.includes(m), { error: 'rules.wirelessSecurity.required' }),
    cipher: z.enum(CIPHERS).optional(),
    password: wifiPassword.optional(),
    keyUpdateCycle,
    /** null: the SSID's traffic is untagged */
    vlanId: vlanId.nullable(),
    maxClients,
    hidden: z.boolean(),
    /** null: always on; else up to 4 periods a day during which the SSID is off */
    schedule: shutdownPeriods.nullable(),
    guest: z.boolean(),
    rateLimit: RateLimitSchema.nullable(),
    radius: RadiusSchema.nullable(),
    /** 'all': every AP of the project (and ones added later); 'specified': the APs in `sns` */
    applyTo: z.enum(['all', 'specified']),
    sns: z.array(z.string().min(1)),
  })
  .superRefine((p, ctx) => {
    const allowed = ciphersFor(p.securityMode);
    if (allowed.length && (p.cipher === undefined || !allowed.includes(p.cipher))) {
      ctx.addIssue({ code: 'custom', path: ['cipher'], message: p.cipher === undefined ? netconfKey('wirelessPolicy', 'cipherRequired') : 'rules.wirelessSecurity.cipher', input: p });
    }
    if (!allowed.length && p.cipher !== undefined) ctx.addIssue({ code: 'custom', path: ['cipher'], message: 'rules.wirelessSecurity.cipher', input: p });
    if (needsWifiPassword(p.securityMode) && !p.password) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: netconfKey('wirelessPolicy', 'passwordRequired'), input: p });
    }
    if (isEnterpriseMode(p.securityMode) && !p.radius) {
      ctx.addIssue({ code: 'custom', path: ['radius'], message: netconfKey('wirelessPolicy', 'radiusRequired'), input: p });
    }
    if (p.band === 'dual') {
      if (p.ssid5 === undefined) ctx.addIssue({ code: 'custom', path: ['ssid5'], message: netconfKey('wirelessPolicy', 'ssid5Required'), input: p });
      else if (p.ssid5 === p.ssid) ctx.addIssue({ code: 'custom', path: ['ssid5'], message: netconfKey('wirelessPolicy', 'namesDiffer'), input: p });
    }
    if (p.applyTo === 'specified' && p.sns.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['sns'], message: netconfKey('wirelessPolicy', 'devicesRequired'), input: p });
    }
  });
export type WirelessPolicyInput = z.output<typeof WirelessPolicyInputSchema>;

export const WirelessPolicySchema = z.intersection(z.object({ id: z.number().int().positive() }), WirelessPolicyInputSchema);
export type WirelessPolicy = WirelessPolicyInput & { id: number };

/** what a form starts from: WPA2-PSK/AES on both bands, to every AP */
export function defaultPolicy(): WirelessPolicyInput {
  return {
    name: '', ssid: '', ssid5: '', band: 'dual', securityMode: SecurityMode.WPA2_PSK, cipher: 'aes', password: '', keyUpdateCycle: 0,
    vlanId: null, maxClients: 64, hidden: false, schedule: null, guest: false, rateLimit: null, radius: null, applyTo: 'all', sns: [],
  };
}

/** The fields a stored policy keeps for its mode: a cipher, password or RADIUS server only where the mode uses one. */
export function normalisePolicy<P extends WirelessPolicyInput>(p: P): P {
  const out = { ...p };
  if (!ciphersFor(p.securityMode).length) delete out.cipher;
  if (!needsWifiPassword(p.securityMode)) delete out.password;
  if (!isEnterpriseMode(p.securityMode)) out.radius = null;
  if (p.band !== 'dual') delete out.ssid5;
  if (p.applyTo === 'all') out.sns = [];
  return out;
}

/** the policies that reach a device: every `all` one and the `specified` ones naming it */
export function policiesFor<P extends Pick<WirelessPolicyInput, 'applyTo' | 'sns'>>(policies: readonly P[], sn: string): P[] {
  return policies.filter((p) => p.applyTo === 'all' || p.sns.includes(sn));
}

const onBand = (p: Pick<WirelessPolicyInput, 'band'>, band: '2.4g' | '5g') => p.band === 'dual' || p.band === band;

/**
 * spec §9 / §8: the rules over the whole list, first failing one first. Answers the code and the
 * i18n key, or null. `index` is the policy being written (for the name rule); the check is pure so the
 * dialog runs it on the list it would make.
 */
export function policyListProblem(policies: readonly WirelessPolicyInput[]): { code: number; key: string; index: number } | null {
  const names = new Map<string, number>();
  for (const [i, p] of policies.entries()) {
    const key = p.name.trim().toLowerCase();
    if (names.has(key)) return { code: ErrorCode.POLICY_NAME_EXISTS, key: netconfKey('wirelessPolicy', 'nameExists'), index: i };
    names.set(key, i);
  }
  if (policies.length > LIMITS.wirelessPoliciesPerProjectMax) return { code: ErrorCode.WIRELESS_POLICY_LIMIT, key: netconfKey('wirelessPolicy', 'count'), index: policies.length - 1 };
  const all = policies.filter((p) => p.applyTo === 'all');
  if (all.length > LIMITS.wifiDeliveredToAllDevicesMax) return { code: ErrorCode.WIFI_ALL_DEVICES_LIMIT, key: netconfKey('wirelessPolicy', 'allDevices'), index: policies.indexOf(all[all.length - 1]!) };
  const specified = policies.filter((p) => p.applyTo === 'specified');
  if (specified.length > LIMITS.wifiDeliveredToSpecifiedDevicesMax) return { code: ErrorCode.WIFI_SPECIFIED_DEVICES_LIMIT, key: netconfKey('wirelessPolicy', 'specifiedDevices'), index: policies.indexOf(specified[specified.length - 1]!) };
  const guests = policies.filter((p) => p.guest);
  if (guests.length > LIMITS.guestWifiPerProjectMax) return { code: ErrorCode.GUEST_WIFI_LIMIT, key: netconfKey('wirelessPolicy', 'guest'), index: policies.indexOf(guests[guests.length - 1]!) };
  // 128 clients per band on any one device: each named device, and any other device (the `all` ones)
  const devices = [...new Set(specified.flatMap((p) => p.sns)), '\u0000any'];
  for (const sn of devices) {
    const mine = policiesFor(policies, sn);
    for (const band of ['2.4g', '5g'] as const) {
      const total = mine.filter((p) => onBand(p, band)).reduce((n, p) => n + p.maxClients, 0);
      if (total > LIMITS.clientsPerBandMax) return { code: ErrorCode.BAND_CLIENT_LIMIT, key: netconfKey('wirelessPolicy', 'bandClients'), index: policies.indexOf(mine[mine.length - 1]!) };
    }
  }
  return null;
}

/** the stored section: the confirmed list */
export const WirelessPoliciesSectionSchema = z.object({ policies: z.array(WirelessPolicySchema) }).superRefine((s, ctx) => {
  const problem = policyListProblem(s.policies);
  if (problem) ctx.addIssue({ code: 'custom', path: ['policies', problem.index], message: problem.key, input: s });
});
export type WirelessPoliciesSection = { policies: WirelessPolicy[] };
