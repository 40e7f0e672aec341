// Standalone entry: the designer without the shell, for partner portals that frame it
// (docs/solutions-embedding.md); built without Module Federation (rspack.base.js remoteConfig).
import { remote } from './app';

remote.standalone();
