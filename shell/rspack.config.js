// The shell: Module Federation host `shell` (ARCHITECTURE §3). No static remotes — they come from
// /remotes.json at runtime. Shared singletons come from the one map in ../mf.shared.js.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { mfShared } from '../mf.shared.js';
import { baseConfig } from '../rspack.base.js';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

// The IE notice script is copied as is (ES5, never bundled) under a content-hashed name.
const legacySource = readFileSync(here('./public/legacy-browser.js'));
const legacyScript = `legacy-browser.${createHash('sha256').update(legacySource).digest('hex').slice(0, 8)}.js`;

// Permission flags of the build configuration (spec §2): AIRLOOM_FLAGS=beta,sharing,… (default: beta;
// sharing, wifimap and topology join the default when their screens are built).
const flags = (process.env.AIRLOOM_FLAGS ?? 'beta').split(',').map((f) => f.trim()).filter(Boolean);

export default (_env, argv) => ({
  ...baseConfig({ dir: new URL('.', import.meta.url), production: argv.mode !== 'development', uniqueName: 'shell', publicPath: '/' }),
  entry: { main: './src/main.ts' },
  plugins: [
    new ModuleFederationPlugin({
      name: 'shell',
      // The host provides its singletons eagerly: they are in the entry chunk instead of a dozen
      // chunks fetched only after the federation runtime has run (one round trip less before
      // the first paint, LCP budget). Remotes still share them; the host needs them anyway.
      shared: Object.fromEntries(Object.entries(mfShared).map(([name, options]) => [name, { ...options, eager: true }])),
      dts: false,
      experiments: { optimization: { target: 'web' } },
    }),
    new rspack.DefinePlugin({ __AIRLOOM_FLAGS__: JSON.stringify(flags) }),
    new rspack.CopyRspackPlugin({ patterns: [{ from: './public/legacy-browser.js', to: legacyScript }] }),
    new rspack.HtmlRspackPlugin({ template: './index.html', templateParameters: { legacyScript }, scriptLoading: 'defer' }),
  ],
});
