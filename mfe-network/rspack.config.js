// The network remote (ARCHITECTURE §3): MF name `network`, exposes only `./app`.
import { remoteConfig } from '../rspack.base.js';

export default (_env, argv) => remoteConfig({ name: 'network', dir: new URL('.', import.meta.url), production: argv.mode !== 'development' });
