// Renders a remote's page the way createRemote mounts it inside the shell: shared-ui's providers,
// the shell's props (MfeProps) and a router at `path`.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../AppProviders';
import { MfeContext } from '../mfe/context';
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
  const result = render(
    <AppProviders>
      <MfeContext.Provider value={mfe}>
        <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
      </MfeContext.Provider>
    </AppProviders>,
  );
  return { ...result, mfe };
}
