// The models a person may pick instead of the recommended one, per kind of line ("accept or change"):
// the catalogue's models the engine accepts for that kind (docs/solutions.md), so a change it would
// refuse is not offered.
import type { SolutionDeviceKind, SolutionType } from '@airloom/contracts';
import { DEVICE_MODELS, type DeviceModel } from '@airloom/contracts/config';

function fits(kind: SolutionDeviceKind, type: SolutionType): (m: DeviceModel) => boolean {
  switch (kind) {
    case 'ap':
      return (m) => m.type === (type === 'mesh' ? 'mesh' : 'ap') && m.design?.designClients !== undefined && m.design.txPowerDbm?.['5GHz'] !== undefined;
    case 'accessSwitch':
      return (m) => m.type === 'switch' && m.ports.poe > 0;
    case 'coreSwitch':
      return (m) => m.type === 'switch';
    case 'gateway':
      return (m) => (m.type === 'router' || m.type === 'wrouter') && m.design?.throughputMbps !== undefined;
    case 'ac':
      return () => false;
  }
}

/** The catalogue's models for a line's kind; the recommended `current` is always among them. */
export function modelChoices(kind: SolutionDeviceKind, type: SolutionType, current: string): string[] {
  const models: string[] = DEVICE_MODELS.filter(fits(kind, type)).map((m) => m.model);
  return models.includes(current) ? models : [current, ...models];
}
