// Renders a page of this remote the way the shell mounts it (the remote kit's providers, MfeProps,
// a router). The API client is the real one over shared-ui's fake BFF.
import type { ReactElement } from 'react';
import { addResources, type MfeProps, type ProjectRef } from '@airloom/shared-ui';
import { renderRemotePage } from '@airloom/shared-ui/testing';
import type { ProjectItem } from '@airloom/contracts';
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

export function renderPage(ui: ReactElement, api: MfeProps['api'], options: { demo?: boolean; path?: string; preferences?: MfeProps['preferences']; project?: ProjectRef } = {}) {
  return renderRemotePage(ui, api, { demo: options.demo, path: options.path ?? '/overview/list', preferences: options.preferences, project: options.project });
}
