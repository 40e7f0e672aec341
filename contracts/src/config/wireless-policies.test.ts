import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors.js';
import { lookupText } from '../i18n/en.js';
import { enNetconfRules } from './en-netconf.js';
import { configErrorCode } from './keys.js';
import { defaultPolicy, normalisePolicy, policiesFor, policyListProblem, WirelessPoliciesSectionSchema, WirelessPolicyInputSchema, type WirelessPolicyInput } from './wireless-policies.js';

const base = (over: Partial<WirelessPolicyInput> = {}): WirelessPolicyInput => ({
  ...defaultPolicy(),
  name: 'Staff',
  ssid: 'Hotel-Staff',
  ssid5: 'Hotel-Staff-5G',
  password: 'correct-horse',
  ...over,
});

/** a rule's English text: the main catalogue's, or the configuration screens' (en-netconf.ts) */
function textOf(key: string): string | undefined {
  const [, rule, check] = key.split('.');
  return lookupText(key) ?? (enNetconfRules as Record<string, Record<string, string>>)[rule!]?.[check!];
}

function firstIssue(input: unknown): { path: string; message: string } | null {
  const r = WirelessPolicyInputSchema.safeParse(input);
  if (r.success) return null;
  const i = r.error.issues[0]!;
  return { path: i.path.join('.'), message: i.message };
}

describe('a wireless policy: every field of spec §3 with its §5 rule', () => {
  it.each<[string, Partial<WirelessPolicyInput> | Record<string, unknown>, string | null, string | null]>([
    ['the defaults with a name, SSIDs and a password', {}, null, null],
    ['no policy name', { name: '' }, 'name', 'rules.policyName.length'],
    ['a 33-character policy name', { name: 'x'.repeat(33) }, 'name', 'rules.policyName.length'],
    ['a policy name with an emoticon', { name: 'Staff 😀' }, 'name', 'rules.policyName.chars'],
    ['a policy name with spaces and underscores', { name: 'Guest Wi_Fi' }, null, null],
    ['an empty SSID', { ssid: '' }, 'ssid', 'rules.ssid.length'],
    ['a 33-byte SSID', { ssid: 'x'.repeat(33) }, 'ssid', 'rules.ssid.length'],
    ['dual band without a 5 GHz name', { ssid5: undefined }, 'ssid5', 'rules.wirelessPolicy.ssid5Required'],
    ['dual band with the same names (2008)', { ssid5: 'Hotel-Staff' }, 'ssid5', 'rules.wirelessPolicy.namesDiffer'],
    ['2.4 GHz only needs no 5 GHz name', { band: '2.4g', ssid5: undefined }, null, null],
    ['an unknown band', { band: '6g' }, 'band', 'rules.wirelessPolicy.band'],
    ['security mode 9', { securityMode: 9 }, 'securityMode', 'rules.wirelessSecurity.required'],
    ['open (0) takes no cipher', { securityMode: 0, cipher: 'aes', password: undefined }, 'cipher', 'rules.wirelessSecurity.cipher'],
    ['open (0) needs no password', { securityMode: 0, cipher: undefined, password: undefined }, null, null],
    ['WPA3-SAE (3) with TKIP', { securityMode: 3, cipher: 'tkip' }, 'cipher', 'rules.wirelessSecurity.cipher'],
    ['WPA-PSK (1) with TKIP+AES', { securityMode: 1, cipher: 'tkip+aes' }, 'cipher', 'rules.wirelessSecurity.cipher'],
    ['WPA2-PSK (2) without a cipher', { cipher: undefined }, 'cipher', 'rules.wirelessPolicy.cipherRequired'],
    ['WPA2-PSK without a password', { password: undefined }, 'password', 'rules.wirelessPolicy.passwordRequired'],
    ['a 7-character password', { password: 'x'.repeat(7) }, 'password', 'rules.wifiPassword.length'],
    ['a 63-character password', { password: 'x'.repeat(63) }, null, null],
    ['a 64-character password that is not hex', { password: 'x'.repeat(64) }, 'password', 'rules.wifiPassword.hex'],
    ['a 64-digit hex password', { password: 'a1'.repeat(32) }, null, null],
    ['a password with a non-ASCII character', { password: 'pässwort1' }, 'password', 'rules.wifiPassword.chars'],
    ['WPA2 enterprise (8) without RADIUS', { securityMode: 8, password: undefined }, 'radius', 'rules.wirelessPolicy.radiusRequired'],
    ['WPA2 enterprise with RADIUS', { securityMode: 8, password: undefined, radius: { ip: '10.0.0.5', port: 1812, secret: 's3cret' } }, null, null],
    ['RADIUS at a loopback address', { securityMode: 8, radius: { ip: '127.0.0.1', port: 1812, secret: 's' } }, 'radius.ip', 'rules.ipv4.loopback'],
    ['RADIUS on port 0', { securityMode: 8, radius: { ip: '10.0.0.5', port: 0, secret: 's' } }, 'radius.port', 'rules.port.range'],
    ['RADIUS on port 65536', { securityMode: 8, radius: { ip: '10.0.0.5', port: 65536, secret: 's' } }, 'radius.port', 'rules.port.range'],
    ['RADIUS with an empty password', { securityMode: 8, radius: { ip: '10.0.0.5', port: 1812, secret: '' } }, 'radius.secret', 'rules.wirelessPolicy.radiusSecret'],
    ['key update cycle 0 (off)', { keyUpdateCycle: 0 }, null, null],
    ['key update cycle 59', { keyUpdateCycle: 59 }, 'keyUpdateCycle', 'rules.keyUpdateCycle.range'],
    ['key update cycle 60', { keyUpdateCycle: 60 }, null, null],
    ['key update cycle 99999', { keyUpdateCycle: 99999 }, null, null],
    ['key update cycle 100000', { keyUpdateCycle: 100000 }, 'keyUpdateCycle', 'rules.keyUpdateCycle.range'],
    ['VLAN 0', { vlanId: 0 }, 'vlanId', 'rules.vlanId.range'],
    ['VLAN 4094', { vlanId: 4094 }, null, null],
    ['VLAN 4095', { vlanId: 4095 }, 'vlanId', 'rules.vlanId.range'],
    ['max clients 0', { maxClients: 0 }, 'maxClients', 'rules.maxClients.range'],
    ['max clients 128', { maxClients: 128 }, null, null],
    ['max clients 129', { maxClients: 129 }, 'maxClients', 'rules.maxClients.range'],
    ['four shutdown periods', { schedule: [{ start: '00:00', end: '01:00' }, { start: '02:00', end: '03:00' }, { start: '04:00', end: '05:00' }, { start: '06:00', end: '07:00' }] }, null, null],
    ['five shutdown periods', { schedule: [{ start: '00:00', end: '01:00' }, { start: '02:00', end: '03:00' }, { start: '04:00', end: '05:00' }, { start: '06:00', end: '07:00' }, { start: '08:00', end: '09:00' }] }, 'schedule', 'rules.shutdownPeriods.count'],
    ['a period that ends before it starts', { schedule: [{ start: '23:00', end: '06:00' }] }, 'schedule.0.end', 'rules.shutdownPeriods.order'],
    ['overlapping periods', { schedule: [{ start: '01:00', end: '03:00' }, { start: '02:00', end: '04:00' }] }, 'schedule.1', 'rules.shutdownPeriods.overlap'],
    ['an empty schedule list', { schedule: [] }, 'schedule', 'rules.shutdownPeriods.required'],
    ['rate limit 10/20', { rateLimit: { uploadMbps: 10, downloadMbps: 20 } }, null, null],
    ['rate limit 10/50', { rateLimit: { uploadMbps: 10, downloadMbps: 50 } }, null, null],
    ['rate limit 10/30', { rateLimit: { uploadMbps: 10, downloadMbps: 30 } }, 'rateLimit.downloadMbps', 'rules.wirelessPolicy.rateLimit'],
    ['rate limit 20/50', { rateLimit: { uploadMbps: 20, downloadMbps: 50 } }, 'rateLimit.uploadMbps', 'rules.wirelessPolicy.rateLimit'],
    ['specified devices without any', { applyTo: 'specified', sns: [] }, 'sns', 'rules.wirelessPolicy.devicesRequired'],
    ['specified devices with one', { applyTo: 'specified', sns: ['AL0000000000000001'] }, null, null],
  ])('%s', (_label, over, path, message) => {
    const issue = firstIssue({ ...base(), ...over });
    if (message === null) return expect(issue).toBeNull();
    expect(issue).toEqual({ path, message });
    expect(textOf(message), `English text of ${message}`).toBeTypeOf('string');
  });

  it('2.4 and 5 GHz names that are the same answer 2008', () => {
    const r = WirelessPolicyInputSchema.safeParse(base({ ssid5: 'Hotel-Staff' }));
    expect(configErrorCode(r.error!.issues.map((i) => i.message))).toBe(ErrorCode.WIFI_NAMES_MUST_DIFFER);
  });

  it('keeps only the fields its mode uses', () => {
    const open = normalisePolicy(base({ securityMode: 0, band: '2.4g', radius: { ip: '10.0.0.1', port: 1812, secret: 'x' } }));
    expect(open).not.toHaveProperty('cipher');
    expect(open).not.toHaveProperty('password');
    expect(open).not.toHaveProperty('ssid5');
    expect(open.radius).toBeNull();
  });
});

const named = (i: number, over: Partial<WirelessPolicyInput> = {}) => base({ name: `P${i}`, ssid: `S${i}`, ssid5: `S${i}-5`, maxClients: 1, ...over });
const specified = (i: number, sns = ['AL0000000000000001']) => named(i, { applyTo: 'specified', sns });

describe('the list of a project: spec §9 limits with their §8 codes', () => {
  it.each<[string, WirelessPolicyInput[], number | null]>([
    ['empty', [], null],
    ['two policies', [named(1), named(2)], null],
    ['the same name twice (24)', [named(1), named(2, { name: 'P1' })], ErrorCode.POLICY_NAME_EXISTS],
    ['the same name in another case (24)', [named(1), named(2, { name: 'p1' })], ErrorCode.POLICY_NAME_EXISTS],
    ['7 to all devices', Array.from({ length: 7 }, (_, i) => named(i)), null],
    ['8 to all devices (2005)', Array.from({ length: 8 }, (_, i) => named(i)), ErrorCode.WIFI_ALL_DEVICES_LIMIT],
    ['30 to specified devices', Array.from({ length: 30 }, (_, i) => specified(i, [`AL00000000000000${String(i).padStart(2, '0')}`])), null],
    ['31 to specified devices (2006)', Array.from({ length: 31 }, (_, i) => specified(i, [`AL00000000000000${String(i).padStart(2, '0')}`])), ErrorCode.WIFI_SPECIFIED_DEVICES_LIMIT],
    ['32 policies', [...Array.from({ length: 7 }, (_, i) => named(i)), ...Array.from({ length: 25 }, (_, i) => specified(100 + i, [`SN${i}`]))], null],
    ['33 policies (40)', [...Array.from({ length: 7 }, (_, i) => named(i)), ...Array.from({ length: 26 }, (_, i) => specified(100 + i, [`SN${i}`]))], ErrorCode.WIRELESS_POLICY_LIMIT],
    ['one guest Wi-Fi', [named(1, { guest: true }), named(2)], null],
    ['two guest Wi-Fi (2007)', [named(1, { guest: true }), named(2, { guest: true })], ErrorCode.GUEST_WIFI_LIMIT],
    ['128 clients on 2.4 GHz of every AP', [named(1, { maxClients: 100 }), named(2, { maxClients: 28 })], null],
    ['129 clients on 2.4 GHz of every AP (91)', [named(1, { maxClients: 100 }), named(2, { maxClients: 29 })], ErrorCode.BAND_CLIENT_LIMIT],
    ['100 on 2.4 GHz and 100 on 5 GHz are two bands', [named(1, { maxClients: 100, band: '2.4g', ssid5: undefined }), named(2, { maxClients: 100, band: '5g', ssid5: undefined })], null],
    ['an all-devices policy and a specified one on the same AP (91)', [named(1, { maxClients: 100 }), specified(2).maxClients === 1 ? { ...specified(2), maxClients: 29 } : specified(2)], ErrorCode.BAND_CLIENT_LIMIT],
    ['specified policies on different APs do not add up', [{ ...specified(1, ['A']), maxClients: 128 }, { ...specified(2, ['B']), maxClients: 128 }], null],
  ])('%s', (_label, list, code) => {
    expect(policyListProblem(list)?.code ?? null).toBe(code);
    // the stored section refuses the same lists
    const stored = WirelessPoliciesSectionSchema.safeParse({ policies: list.map((p, i) => ({ ...p, id: i + 1 })) });
    expect(stored.success).toBe(code === null);
  });

  it('a device gets the policies to all devices and those naming it', () => {
    const list = [named(1), specified(2, ['A']), specified(3, ['B'])];
    expect(policiesFor(list, 'A').map((p) => p.name)).toEqual(['P1', 'P2']);
  });
});
