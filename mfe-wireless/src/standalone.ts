// Standalone entry (ARCHITECTURE §3 "every remote also builds a standalone entry"): the remote's own
// page, built without Module Federation (rspack.base.js remoteConfig), so it starts at once.
import { remote } from './app';

remote.standalone();
