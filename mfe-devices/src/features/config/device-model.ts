// The facts a section's schema needs of a device (SectionFacts): its type, its row of the model
// catalogue (a model the console does not know falls back to its type's first), its LAN address.
import type { DeviceItem } from '@airloom/contracts';
import { defaultModelOf, deviceModel, type SectionFacts } from '@airloom/contracts/config';

export function factsOf(device: Pick<DeviceItem, 'type' | 'model' | 'ip'>): SectionFacts {
  return { type: device.type, model: deviceModel(device.model) ?? defaultModelOf(device.type), lanIp: device.ip };
}
