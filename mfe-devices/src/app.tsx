// The one module this remote exposes (`./app`): single-spa lifecycles made by the remote kit
// (ARCHITECTURE §3). `remote.standalone()` is the remote's own page (standalone.ts).
import { enNetconfRules } from '@airloom/contracts/config';
import { addResources } from '@airloom/shared-ui';
import { createRemote } from '@airloom/shared-ui/remote';
import { devicesEn } from './texts';
import { routes } from './routes';

// the sentences of the configuration rules travel with the screens that show them
addResources('rules', enNetconfRules);

export const remote = createRemote({ name: 'devices', routes, texts: devicesEn });

export const { bootstrap, mount, unmount } = remote;
