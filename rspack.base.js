// What every Airloom front-end build has in common (the shell and each remote): TypeScript through
// builtin:swc-loader, workspace packages bundled from their sources, hashed file names, source maps.
// Each rspack.config.js adds its entry and its Module Federation plugin (shared map: mf.shared.js).
import { fileURLToPath } from 'node:url';

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
      ],
    },
    performance: { hints: false },
  };
}
