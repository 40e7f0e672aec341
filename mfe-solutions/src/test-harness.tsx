// Renders a page of this remote the way the shell mounts it (the remote kit's providers, MfeProps,
// a router). The API client is the real one over shared-ui's fake BFF.
import { addResources } from '@airloom/shared-ui';
import type { Solution, SolutionListItem } from '@airloom/contracts';
import { solutionsEn } from './texts';

addResources('solutions', solutionsEn);

export { fakeBff, ok, refused, renderAt } from '@airloom/shared-ui/testing';

export function solution(overrides: Partial<Solution> = {}): Solution {
  return {
    id: 7,
    name: 'Seaview Hotel',
    scenario: 'hotel',
    customScenarioId: null,
    customScenarioName: null,
    inputs: { rooms: 120, floors: 6 },
    gateway: { clients: 0, lines: 2, bandwidthMbps: 300, functions: ['captivePortal'] },
    lines: [
      { type: 'gateway', model: 'AL-GW1200', quantity: 1, remark: '', reason: '1 gateway: 288 clients at once' },
      { type: 'ap', model: 'AL-AP620', quantity: 14, remark: '', reason: '14 APs: coverage-bound, 4,500 m² over 6 floors' },
    ],
    advice: ['Mount the APs in the corridors.'],
    advantages: ['One console for every device.'],
    type: 'wlan',
    policy: 'balanced',
    owner: 'ann@example.com',
    sharedAccounts: [],
    readOnly: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    modifiedAt: '2026-11-02T11:30:00.000Z',
    ...overrides,
  };
}

export function listItem(overrides: Partial<SolutionListItem> = {}): SolutionListItem {
  const { id, name, scenario, customScenarioName, type, policy, owner, sharedAccounts, readOnly, modifiedAt } = solution();
  return { id, name, scenario, customScenarioName, type, policy, owner, sharedAccounts, readOnly, modifiedAt, devices: 15, ...overrides };
}
