// English texts of the request rules that belong to the API DTOs (not spec §5 rules), i18n
// namespace `rules` like en-rules.ts: rules.<rule>.<check>. Merged into `en.rules` by i18n/en.ts.
import { LIMITS } from '../limits.js';
import { API_LIMITS as A } from './limits.js';

export const enApiRules = {
  purpose: { required: 'Please choose sign-up or password reset' },
  verificationCode: { required: 'Please enter the verification code' },
  sessionTtl: { range: `The login lifetime is ${A.sessionTtlMinSeconds} to ${A.sessionTtlMaxSeconds} seconds` },
  location: { length: `The location has at most ${A.locationMaxLength} characters` },
  address: { length: `The detailed address has at most ${A.addressMaxLength} characters` },
  projectId: { format: 'The project id must be a positive whole number' },
  operationId: { format: 'The operation id must be a positive whole number' },
  twoFactorCode: { format: 'Enter the 6-digit code from your authenticator app, or a recovery code' },
  oidcIntent: { value: 'The intent is login or bind' },
  identityId: { format: 'The identity id must be a positive whole number' },
  changeId: { format: 'The change id must be a positive whole number' },
  configSection: { value: 'There is no such configuration section here' },
  projectUpdate: {
    empty: 'Nothing to change: give at least one project field',
    netModeFixed: 'The type cannot be changed after creation',
  },
  macAddress: { format: 'The MAC address looks like 00:1A:2B:3C:4D:5E' },
  deviceModel: { length: `The model has 1 to ${A.deviceModelMaxLength} characters` },
  deviceSecret: { length: `The device secret has ${A.deviceSecretMinLength} to ${A.deviceSecretMaxLength} characters` },
  deviceType: { value: 'Please choose a device type' },
  deviceOwner: {
    length: 'The owner is the e-mail address or phone number of an account',
    unknown: 'No account has this e-mail address or phone number',
  },
  deviceProject: { unknown: 'No project has this id' },
  deviceBatch: {
    size: `One registration carries 1 to ${LIMITS.serialsPerImportMax} devices`,
    duplicate: 'This serial number appears twice in the registration',
  },
  deviceFilter: { value: 'Unknown filter value' },
  sharePermission: { value: 'Please choose read-only or read-write' },
  shareHours: { range: `A share lasts 1 to ${LIMITS.shareValidityMaxHours} hours, or is permanent` },
  apiKeyName: { length: `The key's name has 1 to ${A.apiKeyNameMaxLength} characters` },
  apiKeyProjects: { size: `A key names 1 to ${A.apiKeyProjectsMax} projects, or none for every project`, unknown: 'The key names a project you cannot see' },
  apiKeyId: { format: 'The key id must be a positive whole number' },
  transferToken: { format: 'This link is not a transfer link: please open the link from the e-mail again' },
  transferAccount: { owner: 'You own this project already: offer it to another account' },
  oldPassword: { required: 'Please enter your current password' },
  shareAccount: { owner: 'You own this project: share it with another account' },
  shareId: { format: 'The share id must be a positive whole number' },
  shareUpdate: { empty: 'Nothing to change: give the permission, the validity or an end' },
  activationRange: { value: 'Please choose 15 days, 1, 3 or 6 months, or 1 year' },
  activationCountry: { format: 'A country is its two-letter code, such as DE', count: `At most ${LIMITS.dataScreenCountriesMax} countries are compared at once` },
  activationDay: { format: 'A day looks like 2026-11-24' },
  activationPage: { range: 'The page is a whole number from 1' },
  invitationToken: { format: 'This link is not an invitation link: please open the link from the e-mail again' },
  companyName: { length: `The company name has 1 to ${A.companyNameMaxLength} characters` },
  companyAddress: { length: `The company address has 1 to ${A.companyAddressMaxLength} characters` },
  companyUpdate: { empty: 'Nothing to change: give the company name or address' },
  avatar: { type: 'The avatar must be a jpg, png, gif or bmp image' },
  subAccountId: { format: 'The sub-account id must be a positive whole number' },
  subAccount: { subordinate: 'An engineer account cannot have engineer accounts of its own: a subordinate cannot be made a superior' },
  subAccountUpdate: { empty: 'Nothing to change: say whether the account is disabled' },
  statsMetric: { value: 'Please choose cpu, memory, traffic or clients' },
  floorId: { format: 'The floor id must be a positive whole number' },
  floorName: { length: 'The floor name has 1 to 64 characters', count: 'A project has at most 50 floors' },
  floorScale: { range: 'The scale must be a positive number of metres per pixel' },
  floorGeometry: {
    value: 'A wall or an AP has a position or material the map does not know',
    size: 'A floor has at most 2,000 walls and 200 APs',
    duplicate: 'An AP or a device appears twice on the floor',
    empty: 'Nothing to change: give the name, the scale, the walls or the APs',
  },
  wallLoss: { range: 'A wall attenuates 0 to 100 dB' },
  statsWindow: { value: 'Please choose a window of 12h, 24h, 72h, 7d or 30d' },
  backupId: { format: 'The backup id must be a positive whole number' },
  backupType: { value: 'Please choose a general backup or a restore point' },
  backupRemark: { length: 'A remark has at most 128 characters' },
  backupRestore: { sameModel: 'A restore point goes to a device of the same model only' },
  backupLimit: { count: 'This project keeps at most 128 general backups: delete one first' },
  backupFile: { format: 'This is not an Airloom backup file', signature: 'The backup file has no valid signature' },
} as const;

export type ApiRuleName = keyof typeof enApiRules;

/** i18n key of an API rule, checked against the texts above at compile time. */
export function apiRuleKey<R extends ApiRuleName>(rule: R, check: keyof (typeof enApiRules)[R] & string): `rules.${R}.${string}` {
  return `rules.${rule}.${check}`;
}
