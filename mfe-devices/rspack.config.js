// The devices remote (ARCHITECTURE §3): MF name `devices`, exposes only `./app`.
import { remoteConfig } from '../rspack.base.js';

export default (_env, argv) => remoteConfig({ name: 'devices', dir: new URL('.', import.meta.url), production: argv.mode !== 'development' });
