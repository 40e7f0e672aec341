// The overview remote (ARCHITECTURE §3): MF name `overview`, exposes only `./app`.
// Built with `rspack build`; TypeScript through builtin:swc-loader; workspace packages from source.
import { fileURLToPath } from 'node:url';
import { HtmlRspackPlugin } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { mfShared } from '../mf.shared.js';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

export default (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: here('.'),
    // The shell loads remoteEntry.js (+ ./app); `standalone` is the remote's own page (index.html).
    entry: { standalone: './src/standalone.ts' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: here('./dist'),
      publicPath: 'auto',
      uniqueName: 'overview',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // `airloom-source`: @airloom/contracts and @airloom/shared-ui are bundled from their sources.
      conditionNames: ['airloom-source', '...'],
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
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [
      new HtmlRspackPlugin({ template: './public/index.html', filename: 'index.html', chunks: ['standalone'] }),
      new ModuleFederationPlugin({
        name: 'overview',
        filename: 'remoteEntry.js',
        exposes: { './app': './src/app.tsx' },
        shared: mfShared,
        manifest: true,
        dts: false, // type generation breaks offline (TOOLCHAIN)
        experiments: { optimization: { target: 'web' } },
      }),
    ],
    optimization: { minimize: production },
    performance: { hints: false },
  };
};
