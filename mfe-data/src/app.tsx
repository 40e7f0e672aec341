// The one module this remote exposes (`./app`): single-spa lifecycles made by the remote kit
// (ARCHITECTURE §3). `remote.standalone()` is the remote's own page (standalone.ts).
import { createRemote } from '@airloom/shared-ui/remote';
import { dataEn } from './texts';
import { routes } from './routes';

export const remote = createRemote({ name: 'data', routes, texts: dataEn });

export const { bootstrap, mount, unmount } = remote;
