// The data screen remote (ARCHITECTURE §3): MF name `dashboard`, exposes only `./app`.
import { remoteConfig } from '../rspack.base.js';

export default (_env, argv) => remoteConfig({ name: 'dashboard', dir: new URL('.', import.meta.url), production: argv.mode !== 'development' });
