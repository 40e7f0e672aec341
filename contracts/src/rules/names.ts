// spec §5 "Names and files": name fields, server, VLAN, policy and pool names, serial numbers.
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { classOf, NAME_SYMBOLS } from './charsets.js';
import { charLength, ruleKey, stringRule } from './key.js';

// emoticons: pictographs, regional-indicator flags, keycap and variation selectors
const EMOTICON = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|\u{FE0F}|\u{20E3}/u;
const WHITESPACE = /\s/u;

/** spec §5 "no emoticons": the one test, for name fields, nicknames and project names alike. */
export function hasEmoticon(value: string): boolean {
  return EMOTICON.test(value);
}

// spec §5: name fields 1–16 characters, no spaces or emoticons
export const name = stringRule('name')
  .refine((v) => charLength(v) >= 1 && charLength(v) <= LIMITS.nameMaxLength, {
    error: ruleKey('name', 'length'),
  })
  .refine((v) => !WHITESPACE.test(v), { error: ruleKey('name', 'spaces') })
  .refine((v) => !hasEmoticon(v), { error: ruleKey('name', 'emoticon') });

const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

// spec §5: other names 1–32 printable ASCII characters
export const otherName = stringRule('otherName')
  .min(1, { error: ruleKey('otherName', 'length') })
  .max(LIMITS.otherNameMaxLength, { error: ruleKey('otherName', 'length') })
  .regex(PRINTABLE_ASCII, { error: ruleKey('otherName', 'chars') });

// spec §5: server name digits, letters and @ : - _ + . only
export const serverName = stringRule('serverName')
  .min(1, { error: ruleKey('serverName', 'required') })
  .max(LIMITS.serverNameMaxLength, { error: ruleKey('serverName', 'length') })
  .regex(/^[0-9A-Za-z@:\-_+.]*$/, { error: ruleKey('serverName', 'chars') });

const NAME_CHARS = new RegExp(`^[0-9A-Za-z_ ${classOf(NAME_SYMBOLS)}]*$`);
const RESERVED_VLAN_NAMES = ['br0', 'iptv'];

// spec §5: VLAN name — digits, letters, underscore, spaces and the listed symbols; not br0/IPTV.
// Reserved names are matched without regard to case: the device treats them so.
export const vlanName = stringRule('vlanName')
  .min(1, { error: ruleKey('vlanName', 'length') })
  .max(LIMITS.vlanNameMaxLength, { error: ruleKey('vlanName', 'length') })
  .regex(NAME_CHARS, { error: ruleKey('vlanName', 'chars') })
  .refine((v) => !RESERVED_VLAN_NAMES.includes(v.trim().toLowerCase()), { error: ruleKey('vlanName', 'reserved') });

// spec §5: VLAN names must not repeat (ignoring case, as a user reading the list would)
export const vlanNames = z
  .array(vlanName, { error: ruleKey('vlanNames', 'required') })
  .refine((names) => new Set(names.map((n) => n.toLowerCase())).size === names.length, {
    error: ruleKey('vlanNames', 'duplicate'),
  });

export const policyName = stringRule('policyName')
  .min(1, { error: ruleKey('policyName', 'length') })
  .max(LIMITS.policyNameMaxLength, { error: ruleKey('policyName', 'length') })
  .regex(NAME_CHARS, { error: ruleKey('policyName', 'chars') });

// spec §5: DHCP pool name 1–32 of digits, letters, underscore
export const dhcpPoolName = stringRule('dhcpPoolName')
  .min(1, { error: ruleKey('dhcpPoolName', 'length') })
  .max(LIMITS.dhcpPoolNameMaxLength, { error: ruleKey('dhcpPoolName', 'length') })
  .regex(/^[0-9A-Za-z_]*$/, { error: ruleKey('dhcpPoolName', 'chars') });

// spec §5: serial number 16–32 letters or digits. A label's SN reads the same in either case, so
// the schema hands on one spelling, upper case (docs/decisions/contracts.md): every form, route and
// service gets it normalised.
export const serialNumber = stringRule('serialNumber')
  .min(LIMITS.serialNumberMinLength, { error: ruleKey('serialNumber', 'length') })
  .max(LIMITS.serialNumberMaxLength, { error: ruleKey('serialNumber', 'length') })
  .regex(/^[0-9A-Za-z]*$/, { error: ruleKey('serialNumber', 'chars') })
  .transform((v) => v.toUpperCase());

/**
 * The cloud code printed on a device's label beside its SN (spec §1 "cloud code"), mapped to the SN by
 * the manufacturer's registration: 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L),
 * printed as XXXX-XXXX. Typed in either case, with or without the dash or spaces; handed on as 8
 * upper-case characters (docs/decisions/devices.md).
 */
export const CLOUD_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const cloudCode = stringRule('cloudCode')
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, { error: ruleKey('cloudCode', 'required') })
      .length(LIMITS.cloudCodeLength, { error: ruleKey('cloudCode', 'length') })
      .regex(new RegExp(`^[${CLOUD_CODE_ALPHABET}]*$`), { error: ruleKey('cloudCode', 'chars') }),
  );

/** How a cloud code is printed on the label: XXXX-XXXX. */
export function formatCloudCode(code: string): string {
  return code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

// a device's remark (spec §3 device "remark"): free text, optional; an import's third column
export const remark = z
  .string({ error: ruleKey('remark', 'length') })
  .refine((v) => charLength(v) <= LIMITS.remarkMaxLength, { error: ruleKey('remark', 'length') })
  .refine((v) => !hasEmoticon(v), { error: ruleKey('remark', 'emoticon') });

/** Bytes of a string in UTF-8 (no TextEncoder: contracts builds without DOM or Node types). */
export function utf8Length(value: string): number {
  let bytes = 0;
  for (const ch of value) {
    const cp = ch.codePointAt(0) ?? 0;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

// IEEE 802.11: an SSID is 1–32 bytes
export const ssid = stringRule('ssid').refine((v) => v.length > 0 && utf8Length(v) <= LIMITS.ssidMaxBytes, {
  error: ruleKey('ssid', 'length'),
});
