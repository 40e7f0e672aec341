// Renders a page of this remote the way the shell mounts it (the remote kit's providers, MfeProps,
// a router at the page's address). The API client is the real one over shared-ui's fake BFF; the
// project's event stream is a scripted EventSource in place of the browser's.
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { ConfigChange, ConfigSection } from '@airloom/contracts';
import { enNetconfRules } from '@airloom/contracts/config';
import { addResources, type MfeProps, type ProjectRef } from '@airloom/shared-ui';
import { renderRemotePage, ScriptedEventSource } from '@airloom/shared-ui/testing';
import { devicesEn } from './texts';

addResources('devices', devicesEn);
addResources('rules', enNetconfRules);
vi.stubGlobal('EventSource', ScriptedEventSource);

export { fakeBff, ScriptedEventSource } from '@airloom/shared-ui/testing';
export { deviceItem as device } from '@airloom/shared-ui/testing';

export const ok = (data: unknown) => ({ body: { code: 0, data } });
/** A refusal as the BFF answers it: the catalogue code, its sentence, the fields. */
export const refused = (code: number, message: string, fields: Record<string, string> = {}) => ({ status: 400, body: { code, message, fields } });

export const ownProject: ProjectRef = { id: 1, right: 'rw', netMode: 0, projectName: 'Harbour Hotel', owner: true };
export const readOnlyProject: ProjectRef = { id: 2, right: 'r', netMode: 0, projectName: 'Shared Office', owner: false };
export const demoProject: ProjectRef = { id: 500000, right: 'r', netMode: 0, projectName: 'Demo Hotel', owner: false };

/** A stored section as the server answers it: version 1, applied, unless the test says otherwise. */
export function section(name: ConfigSection['section'], body: Record<string, unknown>, more: Partial<ConfigSection> = {}): ConfigSection {
  return {
    section: name,
    sn: null,
    version: 1,
    appliedVersion: 1,
    state: 'applied',
    body,
    updatedAt: '2025-01-01T10:00:00.000Z',
    updatedBy: 'ann@example.com',
    error: null,
    ...more,
  };
}

/** A change of the history, as the server sends it (also in `config` events). */
export function change(more: Partial<ConfigChange> & Pick<ConfigChange, 'id' | 'section' | 'version'>): ConfigChange {
  return {
    revision: 1,
    projectId: 1,
    sn: null,
    actor: 'ann@example.com',
    createdAt: '2025-01-01T10:00:00.000Z',
    changes: [],
    result: 'applied',
    error: null,
    revertOf: null,
    ...more,
  };
}

export interface PageOptions {
  project?: ProjectRef;
  demo?: boolean;
}

/** The page at `path`, routed as the remote routes it (`route` is its pattern, e.g. /manage/devconf/:sn/:section). */
export function renderAt(ui: ReactElement, api: MfeProps['api'], path: string, route = path, options: PageOptions = {}) {
  return renderRemotePage(
    <Routes>
      <Route path={route} element={ui} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    api,
    { project: options.project ?? ownProject, demo: options.demo, path },
  );
}
