// The one module this remote exposes (`./app`): single-spa lifecycles made by the remote kit
// (ARCHITECTURE §3). `remote.standalone()` is the remote's own page (standalone.ts).
import { createRemote } from '@airloom/shared-ui/remote';
import { overviewEn } from './texts';
import { routes } from './routes';

export const remote = createRemote({ name: 'overview', routes, texts: overviewEn });

export const { bootstrap, mount, unmount } = remote;
