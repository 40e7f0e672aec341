// The test kit of this remote's pages (shared-ui/testing: a page rendered the way the shell mounts
// it, the fake BFF, the shared projects), with this remote's texts; the project's event stream is a
// scripted EventSource in place of the browser's.
import { vi } from 'vitest';
import { addResources } from '@airloom/shared-ui';
import { ScriptedEventSource } from '@airloom/shared-ui/testing';
import { dataEn } from './texts';

addResources('data', dataEn);
vi.stubGlobal('EventSource', ScriptedEventSource);

export { fakeBff, ScriptedEventSource } from '@airloom/shared-ui/testing';
export { deviceItem as device } from '@airloom/shared-ui/testing';
export { demoProject, ok, ownProject, readOnlyProject, refused, renderAt, type PageOptions } from '@airloom/shared-ui/testing';
