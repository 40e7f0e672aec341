// `wifi-acl` section: the project's blacklist on one Wi-Fi device, as the vendor deny list every
// AccessPoint of the device applies (docs/devices.md). TR-181's own AccessPoint.{i}.AllowedMACAddress
// is an allow list only, so it cannot say "everybody but these".
import type { WifiAclSection } from '@airloom/contracts/config';
import { TR181 } from '@airloom/usp';
import type { Renderer } from './target.js';

export const renderWifiAcl: Renderer<WifiAclSection> = (body) => ({
  params: { [TR181.deniedMacs]: [...body.denied].sort().join(',') },
  tables: [],
});
