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

/**
 * With Mosquitto dynsec, creates or updates the service account (MQTT_USERNAME/MQTT_PASSWORD) and
 * the plugin's deny-by-default; call it at start, before anything logs in as the service.
 */
export async function ensureServiceAccountFromEnv(logger: Logger, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const provisioner = deviceProvisionerFromEnv(logger, env);
  if (!(provisioner instanceof MosquittoDynsecProvisioner)) return;
  if (!env.MQTT_USERNAME || !env.MQTT_PASSWORD) throw new Error('MQTT_USERNAME and MQTT_PASSWORD are required with MQTT_DYNSEC_USERNAME');
  await provisioner.ensureService({ username: env.MQTT_USERNAME, password: env.MQTT_PASSWORD });
}
