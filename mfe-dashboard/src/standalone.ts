// Standalone entry: the data screen on a wall display, without the shell (ARCHITECTURE §3), built
// without Module Federation (rspack.base.js remoteConfig), so it starts at once.
import { start } from './standalone/start';

start();
