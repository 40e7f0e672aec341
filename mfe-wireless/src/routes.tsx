// The wireless remote's routes (spec §2, web only): wireless policies, and RF optimisation (WLAN
// projects only, as the shell's menu says). Each page is its feature folder's.
import type { RemoteRoute } from '@airloom/shared-ui/remote';
import { PoliciesPage } from './features/policies/PoliciesPage';
import { RfPage } from './features/rf/RfPage';

export const routes: readonly RemoteRoute[] = [
  { path: '/manage/wirelessconf', element: <PoliciesPage />, needsProject: true, title: 'wireless.policies.title' },
  { path: '/manage/rfconf', element: <RfPage />, needsProject: true, title: 'wireless.rf.title' },
];
