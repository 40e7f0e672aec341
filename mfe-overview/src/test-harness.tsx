// Renders a page of this remote the way the shell mounts it: shared-ui providers, MfeProps, a
// router. The API client is the real one over shared-ui's fake BFF.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders, addResources, type MfeProps } from '@airloom/shared-ui';
import { testMfeProps } from '@airloom/shared-ui/testing';
import type { ProjectItem } from '@airloom/contracts';
import { MfeContext } from './mfe-context';
import { overviewEn } from './texts';

addResources('overview', overviewEn);

export { fakeBff } from '@airloom/shared-ui/testing';

export function project(overrides: Partial<ProjectItem> & Pick<ProjectItem, 'id' | 'projectName'>): ProjectItem {
  return {
    netMode: 0,
    scenario: 'hotel',
    location: '',
    address: '',
    zone: '+8',
    subtitle: null,
    right: 'rw',
    property: 'own',
    isShare: false,
    demo: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const demoProjects = [
  project({ id: 500000, projectName: 'Demo WLAN', right: 'r', property: 'invited-r', isShare: true, demo: true }),
  project({ id: 600000, projectName: 'Demo MESH', netMode: 1, scenario: 'campus', right: 'r', property: 'invited-r', isShare: true, demo: true }),
];

export function renderPage(ui: ReactElement, api: MfeProps['api'], options: { demo?: boolean; path?: string } = {}) {
  const mfe = testMfeProps(api, { demo: options.demo });
  const result = render(
    <AppProviders>
      <MfeContext.Provider value={mfe}>
        <MemoryRouter initialEntries={[options.path ?? '/overview/list']}>{ui}</MemoryRouter>
      </MfeContext.Provider>
    </AppProviders>,
  );
  return { ...result, mfe };
}
