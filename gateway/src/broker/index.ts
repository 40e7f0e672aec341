export { hashSecret, verifySecret } from './credentials.js';
export { startEmbeddedBroker, type EmbeddedBroker, type EmbeddedBrokerOptions } from './embedded-broker.js';
export { MosquittoDynsecProvisioner, type DynsecOptions } from './dynsec.js';
export { deviceProvisionerFromEnv, ensureServiceAccountFromEnv, noopProvisioner, type DeviceCredentials, type DeviceProvisioner } from './provisioner.js';
