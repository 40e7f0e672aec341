// The one module this remote exposes (`./app`): single-spa lifecycles made by the remote kit
// (ARCHITECTURE §3). `remote.standalone()` is the remote's own page (standalone.ts).
import { enNetconfRules, enRadioRules } from '@airloom/contracts/config';
import { addResources } from '@airloom/shared-ui';
import { createRemote } from '@airloom/shared-ui/remote';
import { wirelessEn } from './texts';
import { routes } from './routes';

// the radio, roaming and policy checks' sentences (namespace `rules`)
addResources('rules', enRadioRules);
addResources('rules', enNetconfRules);

export const remote = createRemote({ name: 'wireless', routes, texts: wirelessEn });

export const { bootstrap, mount, unmount } = remote;
