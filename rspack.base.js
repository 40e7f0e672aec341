// What every Airloom front-end build has in common (the shell and each remote): TypeScript through
// builtin:swc-loader, workspace packages bundled from their sources, hashed file names, source maps.
// The shell adds its entry and its Module Federation host; a remote's whole config is remoteConfig().
import { fileURLToPath } from 'node:url';
import { HtmlRspackPlugin } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { mfShareStrategy, mfShared } from './mf.shared.js';

/** Browsers the console supports; old Internet Explorer gets a notice instead (shell/public). */
const TARGETS = 'chrome >= 100, edge >= 100, firefox >= 100, safari >= 15';

/**
 * @param {{ dir: URL, production: boolean, uniqueName: string, publicPath: string }} options
 *   dir: the package folder (`new URL('.', import.meta.url)`).
 */
export function baseConfig({ dir, production, uniqueName, publicPath }) {
  const here = (p) => fileURLToPath(new URL(p, dir));
  const name = production ? '[name].[contenthash:8].js' : '[name].js';
  return {
    mode: production ? 'production' : 'development',
    context: here('.'),
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: { path: here('./dist'), publicPath, uniqueName, filename: name, chunkFilename: name, clean: true },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // `airloom-source`: @airloom/contracts and @airloom/shared-ui are bundled from their sources.
      conditionNames: ['airloom-source', '...'],
      // contracts writes ESM imports with .js that point at .ts files.
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
            env: { targets: TARGETS },
          },
          type: 'javascript/auto',
        },
        // the endpoint declarations' OpenAPI texts stay on the server (scripts/strip-endpoint-docs.cjs)
        { test: /contracts[\\/]src[\\/]api[\\/][^\\/]+\.ts$/, loader: fileURLToPath(new URL('./scripts/strip-endpoint-docs.cjs', import.meta.url)), enforce: 'pre' },
      ],
    },
    performance: { hints: false },
  };
}

/**
 * A remote (ARCHITECTURE §3): MF name `name`, exposes only `./app` (src/app.tsx). The shell loads
 * remoteEntry.js (+ ./app). `standalone` is the remote's own page (index.html), built in a second
 * compilation without Module Federation: alone on its page it shares nothing with a host, so it
 * loads no federation runtime and negotiates no shared modules before its first paint (a wall
 * display's LCP: docs/decisions/datascreen.md). It runs after the federated build, which cleans dist/.
 * @param {{ name: string, dir: URL, production: boolean }} options
 * @returns {object[]} the two configurations (rspack's multi-compiler)
 */
export function remoteConfig({ name, dir, production }) {
  const federatedBase = baseConfig({ dir, production, uniqueName: name, publicPath: 'auto' });
  const federated = {
    ...federatedBase,
    name: 'federated',
    entry: {},
    // `--watch` (development) rebuilds each compilation on its own: a clean there would take the page's files
    output: { ...federatedBase.output, clean: production },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes: { './app': './src/app.tsx' },
        shared: mfShared,
        shareStrategy: mfShareStrategy,
        manifest: true,
        dts: false, // type generation breaks offline (TOOLCHAIN)
        experiments: { optimization: { target: 'web' } },
      }),
    ],
  };
  const base = baseConfig({ dir, production, uniqueName: `${name}_standalone`, publicPath: 'auto' });
  const standalone = {
    ...base,
    name: 'standalone',
    dependencies: ['federated'],
    entry: { standalone: './src/standalone.ts' },
    output: { ...base.output, clean: false },
    plugins: [new HtmlRspackPlugin({ template: './public/index.html', filename: 'index.html', chunks: ['standalone'] })],
  };
  return [federated, standalone];
}
