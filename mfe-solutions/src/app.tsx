// The one module this remote exposes (`./app`): single-spa lifecycles made by the remote kit
// (ARCHITECTURE §3). `remote.standalone()` is the designer's own page (standalone.ts).
import { createRemote } from '@airloom/shared-ui/remote';
import { solutionsEn } from './texts';
import { routes } from './routes';

export const remote = createRemote({ name: 'solutions', routes, texts: solutionsEn });

export const { bootstrap, mount, unmount } = remote;
