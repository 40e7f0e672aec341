// Renderer of the project's wireless policies (docs/wireless.md, docs/devices.md): each policy that
// reaches the device becomes, per band it is on, one `Device.WiFi.SSID.{i}.` and one
// `Device.WiFi.AccessPoint.{i}.` (with its `.Security.` sub-object) named by Alias
// `airloom-wifi-<policy id>-<24|5>`. The device's own SSIDs (no airloom- Alias) are left alone.
// Standard TR-181 parameters where they exist; X_AIRLOOM_ only for what TR-181 lacks (cipher, VLAN,
// shutdown schedule, rate limits, guest flag).
import { defaultModelOf, deviceModel, isEnterpriseMode, policiesFor, type WirelessPoliciesSection, type WirelessPolicy } from '@airloom/contracts/config';
import { aliasFor, type Renderer, type Tr181Instance } from './target.js';

export const SSID_TABLE = 'Device.WiFi.SSID.';
export const AP_TABLE = 'Device.WiFi.AccessPoint.';

/** spec §3 security modes 0–8 → TR-181 Security.ModeEnabled */
export const MODE_ENABLED: Readonly<Record<number, string>> = {
  0: 'None',
  1: 'WPA-Personal',
  2: 'WPA2-Personal',
  3: 'WPA3-Personal',
  4: 'WPA3-Personal-Transition',
  // "other": the device's own setting (vendor value)
  5: 'X_AIRLOOM_Other',
  6: 'WPA-WPA2-Personal',
  7: 'WPA-Enterprise',
  8: 'WPA2-Enterprise',
};

const CIPHER = { aes: 'AES', tkip: 'TKIP', 'tkip+aes': 'TKIP-AES' } as const;

type BandKey = '24' | '5';

/** the bands a policy is on that the device has; radio instance numbers follow the model's band order */
function bandsOf(policy: WirelessPolicy, radios: readonly string[]): { key: BandKey; radio: number; ssid: string }[] {
  const out: { key: BandKey; radio: number; ssid: string }[] = [];
  const r24 = radios.indexOf('2.4GHz');
  const r5 = radios.indexOf('5GHz');
  if ((policy.band === '2.4g' || policy.band === 'dual') && r24 >= 0) out.push({ key: '24', radio: r24 + 1, ssid: policy.ssid });
  if ((policy.band === '5g' || policy.band === 'dual') && r5 >= 0) out.push({ key: '5', radio: r5 + 1, ssid: policy.band === 'dual' ? (policy.ssid5 ?? policy.ssid) : policy.ssid });
  return out;
}

export function wifiAlias(policyId: number, band: BandKey): string {
  return aliasFor('wifi', `${policyId}-${band}`);
}

/** "08:00-10:00,12:00-13:00"; empty when always on */
export function scheduleValue(policy: Pick<WirelessPolicy, 'schedule'>): string {
  return (policy.schedule ?? []).map((p) => `${p.start}-${p.end}`).join(',');
}

export const renderWirelessPolicies: Renderer<WirelessPoliciesSection> = (body, facts) => {
  const model = deviceModel(facts.model) ?? defaultModelOf(facts.type);
  const ssids: Tr181Instance[] = [];
  const aps: Tr181Instance[] = [];
  for (const policy of policiesFor(body.policies, facts.sn)) {
    for (const band of bandsOf(policy, model.bands)) {
      const alias = wifiAlias(policy.id, band.key);
      ssids.push({
        alias,
        params: {
          Enable: 'true',
          SSID: band.ssid,
          LowerLayers: `Device.WiFi.Radio.${band.radio}`,
          X_AIRLOOM_VLANID: String(policy.vlanId ?? 0),
        },
      });
      const enterprise = isEnterpriseMode(policy.securityMode);
      aps.push({
        alias,
        params: {
          Enable: 'true',
          SSIDAdvertisementEnabled: String(!policy.hidden),
          MaxAssociatedDevices: String(policy.maxClients),
          // a guest Wi-Fi's clients do not see each other (TR-181 IsolationEnable) nor the LAN (X_AIRLOOM_Guest)
          IsolationEnable: String(policy.guest),
          X_AIRLOOM_Guest: String(policy.guest),
          X_AIRLOOM_ShutdownSchedule: scheduleValue(policy),
          X_AIRLOOM_UpRateLimit: String(policy.rateLimit?.uploadMbps ?? 0),
          X_AIRLOOM_DownRateLimit: String(policy.rateLimit?.downloadMbps ?? 0),
          'Security.ModeEnabled': MODE_ENABLED[policy.securityMode] ?? 'None',
          'Security.X_AIRLOOM_Cipher': policy.cipher ? CIPHER[policy.cipher] : '',
          'Security.KeyPassphrase': policy.password ?? '',
          'Security.RekeyingInterval': String(policy.keyUpdateCycle),
          'Security.RadiusServerIPAddr': enterprise ? (policy.radius?.ip ?? '') : '',
          'Security.RadiusServerPort': String(enterprise ? (policy.radius?.port ?? 1812) : 1812),
          'Security.RadiusSecret': enterprise ? (policy.radius?.secret ?? '') : '',
        },
        refs: { SSIDReference: { table: SSID_TABLE, match: { Alias: alias } } },
      });
    }
  }
  return {
    params: {},
    tables: [
      { path: SSID_TABLE, owns: 'airloom', instances: ssids },
      { path: AP_TABLE, owns: 'airloom', instances: aps },
    ],
  };
};
