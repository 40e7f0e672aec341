// The solution designer remote (ARCHITECTURE §3): MF name `solutions`, exposes only `./app`; its own
// page (index.html) is the standalone designer partner portals frame (docs/solutions-embedding.md).
import { remoteConfig } from '../rspack.base.js';

export default (_env, argv) => remoteConfig({ name: 'solutions', dir: new URL('.', import.meta.url), production: argv.mode !== 'development' });
