// The data remote (ARCHITECTURE §3): MF name `data`, exposes only `./app`.
import { remoteConfig } from '../rspack.base.js';

export default (_env, argv) => remoteConfig({ name: 'data', dir: new URL('.', import.meta.url), production: argv.mode !== 'development' });
