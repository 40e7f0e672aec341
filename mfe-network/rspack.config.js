// The network remote (ARCHITECTURE §3): MF name `network`, exposes only `./app`.
// Leaflet's stylesheet is read as text and put in the page by the Wi-Fi map's lazy chunk.
import { remoteConfig } from '../rspack.base.js';

export default (_env, argv) => {
  const configs = remoteConfig({ name: 'network', dir: new URL('.', import.meta.url), production: argv.mode !== 'development' });
  for (const config of configs) config.module.rules.push({ test: /leaflet[\\/]dist[\\/]leaflet\.css$/, type: 'asset/source' });
  return configs;
};
