// The shell: the Module Federation host `shell` (ARCHITECTURE §3). No static remotes — they come
// from /remotes.json at runtime. It is built without the federation plugin: the runtime is a chunk
// of its own (src/federation/host-instance.ts) that the login page never loads, and the shell's
// copies of the shared singletons of ../mf.shared.js are handed to it there.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { mfShared } from '../mf.shared.js';
import { baseConfig } from '../rspack.base.js';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

// The IE notice script is copied as is (ES5, never bundled) under a content-hashed name.
const legacySource = readFileSync(here('./public/legacy-browser.js'));
const legacyScript = `legacy-browser.${createHash('sha256').update(legacySource).digest('hex').slice(0, 8)}.js`;

// Permission flags of the build configuration (spec §2): AIRLOOM_FLAGS=beta,sharing,… (default:
// beta and sharing). The Wi-Fi map and topology are built and show with `beta` alone; `wifimap`,
// `topology` and `backup` are accepted and change nothing (menu/tree.ts, BuildFlag).
const flags = (process.env.AIRLOOM_FLAGS ?? 'beta,sharing').split(',').map((f) => f.trim()).filter(Boolean);

// The installed version of each shared package, which the runtime announces to the remotes.
const sharedVersions = Object.fromEntries(
  Object.keys(mfShared).map((name) => {
    const pkg = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
    return [name, JSON.parse(readFileSync(here(`../node_modules/${pkg}/package.json`), 'utf8')).version];
  }),
);

export default (_env, argv) => ({
  ...baseConfig({ dir: new URL('.', import.meta.url), production: argv.mode !== 'development', uniqueName: 'shell', publicPath: '/' }),
  entry: { main: './src/main.ts' },
  plugins: [
    new rspack.DefinePlugin({ __AIRLOOM_FLAGS__: JSON.stringify(flags), __AIRLOOM_SHARED_VERSIONS__: JSON.stringify(sharedVersions) }),
    new rspack.CopyRspackPlugin({ patterns: [{ from: './public/legacy-browser.js', to: legacyScript }] }),
    new rspack.HtmlRspackPlugin({ template: './index.html', templateParameters: { legacyScript }, scriptLoading: 'defer' }),
  ],
});
