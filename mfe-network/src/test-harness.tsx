// Renders a page of this remote the way the shell mounts it (the remote kit's providers, MfeProps,
// a router). The API client is the real one over shared-ui's fake BFF; the project's event stream
// is a scripted EventSource in place of the browser's.
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { addResources, type MfeProps, type ProjectRef } from '@airloom/shared-ui';
import { renderRemotePage, ScriptedEventSource } from '@airloom/shared-ui/testing';
import { networkEn } from './texts';

addResources('network', networkEn);
vi.stubGlobal('EventSource', ScriptedEventSource);

export { fakeBff, ScriptedEventSource } from '@airloom/shared-ui/testing';

export const ok = (data: unknown) => ({ body: { code: 0, data } });

// a device row and an operation as the server sends them
export { deviceItem as device, operationItem as operation } from '@airloom/shared-ui/testing';

export const ownProject: ProjectRef = { id: 1, right: 'rw', netMode: 0, projectName: 'Harbour Hotel', owner: true };
export const readOnlyProject: ProjectRef = { id: 2, right: 'r', netMode: 0, projectName: 'Shared Office', owner: false };
export const meshProject: ProjectRef = { id: 3, right: 'rw', netMode: 1, projectName: 'Villa', owner: true };
export const demoProject: ProjectRef = { id: 500000, right: 'r', netMode: 0, projectName: 'Demo Hotel', owner: false };

export interface PageOptions {
  project?: ProjectRef;
  demo?: boolean;
  /** the address's query, e.g. `?type=switch` */
  search?: string;
  hiddenColumns?: Record<string, string[]>;
}

export function renderPage(ui: ReactElement, api: MfeProps['api'], options: PageOptions = {}) {
  return renderRemotePage(ui, api, {
    project: options.project ?? ownProject,
    demo: options.demo,
    path: `/manage/status${options.search ?? ''}`,
    hiddenColumns: options.hiddenColumns,
  });
}
