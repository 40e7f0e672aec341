// The network remote (ARCHITECTURE §3): MF name `network`, exposes only `./app`.
import { HtmlRspackPlugin } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { mfShared } from '../mf.shared.js';
import { baseConfig } from '../rspack.base.js';

export default (_env, argv) => ({
  ...baseConfig({ dir: new URL('.', import.meta.url), production: argv.mode !== 'development', uniqueName: 'network', publicPath: 'auto' }),
  // The shell loads remoteEntry.js (+ ./app); `standalone` is the remote's own page (index.html).
  entry: { standalone: './src/standalone.ts' },
  plugins: [
    new HtmlRspackPlugin({ template: './public/index.html', filename: 'index.html', chunks: ['standalone'] }),
    new ModuleFederationPlugin({
      name: 'network',
      filename: 'remoteEntry.js',
      exposes: { './app': './src/app.tsx' },
      shared: mfShared,
      manifest: true,
      dts: false, // type generation breaks offline (TOOLCHAIN)
      experiments: { optimization: { target: 'web' } },
    }),
  ],
});
