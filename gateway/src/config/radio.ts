// `radio` and `roaming` sections: an AP's radio settings and its roaming tuner, on its
// Device.WiFi.Radio.{i}. objects (one per band, in the model's band order). TR-181's TransmitPower is
// a percentage of the radio's own maximum, which the console does not know for every radio, so the
// power is written in dBm to the vendor parameter X_AIRLOOM_TransmitPowerdBm (the device keeps
// TransmitPower consistent with it); the access threshold, the roaming minimum RSSI and the
// 802.11k/v/r switches have no TR-181 parameter and are vendor parameters too (docs/wireless.md).
import { defaultModelOf, deviceModel, radioInstance, type RadioSection, type RoamingSection } from '@airloom/contracts/config';
import type { DeviceFacts, Renderer } from './target.js';

const radioPath = (facts: DeviceFacts, band: '2.4GHz' | '5GHz') =>
  `Device.WiFi.Radio.${radioInstance(deviceModel(facts.model) ?? defaultModelOf(facts.type), band)}.`;

export const BAND_STEERING = 'Device.WiFi.X_AIRLOOM_BandSteeringEnable';

export const renderRadio: Renderer<RadioSection> = (body, facts) => {
  const params: Record<string, string> = {};
  for (const r of body.radios) {
    const at = radioPath(facts, r.band);
    params[`${at}Channel`] = String(r.channel);
    params[`${at}OperatingChannelBandwidth`] = `${r.widthMhz}MHz`;
    params[`${at}X_AIRLOOM_TransmitPowerdBm`] = String(r.txPowerDbm);
    params[`${at}X_AIRLOOM_AccessThreshold`] = String(r.accessThresholdDbm);
  }
  return { params, tables: [] };
};

export const renderRoaming: Renderer<RoamingSection> = (body, facts) => {
  const params: Record<string, string> = {};
  for (const b of body.bands) {
    const at = radioPath(facts, b.band);
    params[`${at}X_AIRLOOM_RoamingMinRSSI`] = String(b.minRssiDbm);
    params[`${at}X_AIRLOOM_IEEE80211kEnable`] = String(b.k);
    params[`${at}X_AIRLOOM_IEEE80211vEnable`] = String(b.v);
    params[`${at}X_AIRLOOM_IEEE80211rEnable`] = String(b.r);
  }
  params[BAND_STEERING] = String(body.bandSteering);
  return { params, tables: [] };
};
