// Broker credentials for devices registered by a manufacturer. The embedded broker reads the
// devices table itself (no-op); Mosquitto with the dynamic security plugin gets a client per device.
import type { Logger } from 'pino';
import { MosquittoDynsecProvisioner } from './dynsec.js';

export interface DeviceCredentials {
  endpointId: string;
  /** the plain secret, as registered; the broker stores its own hash */
  secret: string;
}

export interface DeviceProvisioner {
  provision(devices: DeviceCredentials[]): Promise<void>;
}

export const noopProvisioner: DeviceProvisioner = { provision: async () => {} };

/**
 * Mosquitto dynsec when MQTT_URL and MQTT_DYNSEC_USERNAME/PASSWORD are set; otherwise the broker
 * is the embedded one, or one whose device accounts the operator manages (docs/devices.md).
 */
export function deviceProvisionerFromEnv(logger: Logger, env: NodeJS.ProcessEnv = process.env): DeviceProvisioner {
  const { MQTT_URL: url, MQTT_DYNSEC_USERNAME: username, MQTT_DYNSEC_PASSWORD: password } = env;
  if (!url || !username) return noopProvisioner;
  if (!password) throw new Error('MQTT_DYNSEC_PASSWORD is required with MQTT_DYNSEC_USERNAME');
  return new MosquittoDynsecProvisioner({ url, username, password, logger });
}
