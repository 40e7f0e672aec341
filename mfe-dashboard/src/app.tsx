// The one module this remote exposes (`./app`): single-spa lifecycles made by the remote kit
// (ARCHITECTURE §3). The wall display's own page is standalone.ts.
import { createRemote } from '@airloom/shared-ui/remote';
import { dashboardEn } from './texts';
import { routes } from './routes';

export const remote = createRemote({ name: 'dashboard', routes, texts: dashboardEn });

export const { bootstrap, mount, unmount } = remote;
