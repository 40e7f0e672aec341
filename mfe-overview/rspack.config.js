// The overview remote (ARCHITECTURE §3): MF name `overview`, exposes only `./app`.
import { remoteConfig } from '../rspack.base.js';

export default (_env, argv) => remoteConfig({ name: 'overview', dir: new URL('.', import.meta.url), production: argv.mode !== 'development' });
