// Renders a page of this remote the way the shell mounts it (the remote kit's providers, MfeProps,
// a router at the page's address). The API client is the real one over shared-ui's fake BFF; the
// project's event stream is a scripted EventSource in place of the browser's.
import { vi } from 'vitest';
import type { ConfigChange, ConfigSection } from '@airloom/contracts';
import { enNetconfRules } from '@airloom/contracts/config';
import { addResources } from '@airloom/shared-ui';
import { ScriptedEventSource } from '@airloom/shared-ui/testing';
import { devicesEn } from './texts';

addResources('devices', devicesEn);
addResources('rules', enNetconfRules);
vi.stubGlobal('EventSource', ScriptedEventSource);

export { fakeBff, ScriptedEventSource } from '@airloom/shared-ui/testing';
export { deviceItem as device } from '@airloom/shared-ui/testing';

export { demoProject, ok, ownProject, readOnlyProject, refused, renderAt, type PageOptions } from '@airloom/shared-ui/testing';

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
