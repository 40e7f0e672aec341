// What the page needs of contracts' wireless policy model, in one place.
export { BANDS, ciphersFor, LIMITS, needsWifiPassword } from '@airloom/contracts';
export { isEnterpriseMode, WirelessPolicyInputSchema, type WirelessPolicy, type WirelessPolicyInput } from '@airloom/contracts/config';
import { LIMITS } from '@airloom/contracts';

export const LIMITS_SHUTDOWN_PERIODS = LIMITS.shutdownPeriodsMax;
