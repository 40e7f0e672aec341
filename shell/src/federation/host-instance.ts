// The host's Module Federation runtime (ARCHITECTURE §3), in a chunk of its own: the login page
// never loads it, and inside the console it is fetched at once, beside /auth/me and /remotes.json
// (bench: shell initial JS, LCP). The shell is not built with the federation plugin; it hands its
// own copies of the shared singletons to the runtime here, already loaded, so every remote uses
// them (share strategy loaded-first: no remote's entry is fetched to compare versions).
import { createInstance } from '@module-federation/enhanced/runtime';
import * as react from 'react';
import * as reactJsxRuntime from 'react/jsx-runtime';
import * as reactDom from 'react-dom';
import * as reactDomClient from 'react-dom/client';
import * as styledComponents from 'styled-components';
import * as i18next from 'i18next';
import * as reactI18next from 'react-i18next';
import * as sharedUi from '@airloom/shared-ui';
import * as contracts from '@airloom/contracts';
import { mfShareStrategy, mfShared } from '../../../mf.shared.js';

/** Installed versions of the shared packages, written by rspack.config.js at build time. */
declare const __AIRLOOM_SHARED_VERSIONS__: Readonly<Record<string, string>>;

// every shared singleton of mf.shared.js is provided by the shell (ARCHITECTURE §3)
const PROVIDED = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'styled-components',
  'i18next',
  'react-i18next',
  '@airloom/shared-ui',
  '@airloom/contracts',
] as const satisfies ReadonlyArray<keyof typeof mfShared>;

const HOST_COPIES: Readonly<Record<(typeof PROVIDED)[number], object>> = {
  react,
  'react/jsx-runtime': reactJsxRuntime,
  'react-dom': reactDom,
  'react-dom/client': reactDomClient,
  'styled-components': styledComponents,
  i18next,
  'react-i18next': reactI18next,
  '@airloom/shared-ui': sharedUi,
  '@airloom/contracts': contracts,
};

function hostShared() {
  return Object.fromEntries(
    PROVIDED.map((name) => {
      const version = __AIRLOOM_SHARED_VERSIONS__[name] ?? '0.0.0';
      const shareConfig = { singleton: true, requiredVersion: mfShared[name].requiredVersion };
      return [name, { version, lib: () => HOST_COPIES[name], shareConfig }];
    }),
  );
}

export const host = createInstance({ name: 'shell', remotes: [], shared: hostShared(), shareStrategy: mfShareStrategy });
