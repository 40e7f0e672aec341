// Renders a remote's page the way createRemote mounts it inside the shell: shared-ui's providers,
// the shell's props (MfeProps) and a router at `path`.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { AppProviders } from '../AppProviders';
import { MfeContext } from '../mfe/context';
import { refreshLocation } from '../router/history';
import type { MfeProps, ProjectRef } from '../mfe/props';
import { testMfeProps } from '../testing';

export interface RenderRemoteOptions {
  project?: ProjectRef;
  demo?: boolean;
  preferences?: MfeProps['preferences'];
  /** the address the page is shown at (default `/`) */
  path?: string;
  /** the account's stored column choices per table */
  hiddenColumns?: Record<string, string[]>;
}

export function renderRemotePage(ui: ReactElement, api: MfeProps['api'], options: RenderRemoteOptions = {}) {
  const mfe = testMfeProps(api, { project: options.project, demo: options.demo, preferences: options.preferences, hiddenColumns: options.hiddenColumns });
  // the page is shown at its address: the one the console's router reads
  window.history.replaceState(null, '', options.path ?? '/');
  refreshLocation();
  const result = render(
    <AppProviders>
      <MfeContext.Provider value={mfe}>
        {ui}
      </MfeContext.Provider>
    </AppProviders>,
  );
  return { ...result, mfe };
}
