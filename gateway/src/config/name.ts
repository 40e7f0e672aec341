// `name` section: the device's name, held in the vendor parameter Device.DeviceInfo.X_AIRLOOM_Name
// (TR-181 has no writable device name).
import type { NameSection } from '@airloom/contracts/config';
import { TR181 } from '@airloom/usp';
import type { Renderer } from './target.js';

export const renderName: Renderer<NameSection> = (body) => ({
  params: { [TR181.name]: body.name },
  tables: [],
});
