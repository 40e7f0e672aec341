// The wireless remote (ARCHITECTURE §3): MF name `wireless`, exposes only `./app`.
import { remoteConfig } from '../rspack.base.js';

export default (_env, argv) => remoteConfig({ name: 'wireless', dir: new URL('.', import.meta.url), production: argv.mode !== 'development' });
