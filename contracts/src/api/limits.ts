// Limits of the API DTOs where the spec gives no number (docs/decisions.md, "Accounts, sessions and
// projects"). Spec constants stay in ../limits.ts.
export const API_LIMITS = {
  /** cookie lifetime a caller may ask for at login (spec §9: seconds, from the caller) */
  sessionTtlMinSeconds: 60,
  sessionTtlMaxSeconds: 30 * 24 * 3600,
  locationMaxLength: 64,
  addressMaxLength: 128,
  /** projects one account may own (code 140 beyond); the spec names the code, not the number */
  projectsPerOwnerMax: 500,
  /** API keys (spec §2 open-API access type): per account, a key's name, the projects one key names */
  apiKeysPerAccountMax: 20,
  apiKeyNameMaxLength: 64,
  apiKeyProjectsMax: 100,
  /** requests one API key may make: a burst, then so many a second (429 beyond, code 2010) */
  apiKeyBurst: 30,
  apiKeyPerSecond: 10,
  deviceModelMaxLength: 32,
  /** broker password of one device, given by the manufacturer at registration */
  deviceSecretMinLength: 16,
  deviceSecretMaxLength: 64,
  /** a company's name and address (spec §9: each changeable once a year); the spec gives no length */
  companyNameMaxLength: 64,
  companyAddressMaxLength: 128,
  /** engineer (sub-)accounts one company account manages */
  subAccountsPerCompanyMax: 100,
  /** rows of one device-list page */
  devicePageMax: 500,
} as const;
