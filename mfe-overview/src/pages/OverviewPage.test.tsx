import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { OverviewPage } from './OverviewPage';
import { demoProjects, fakeBff, project, renderPage } from '../test-harness';

afterEach(cleanup);

describe('OverviewPage', () => {
  it('shows the counts, "No devices yet" while there are none, and both demo projects marked', async () => {
    const items = [project({ id: 1, projectName: 'Harbour Hotel' }), ...demoProjects];
    const bff = fakeBff({
      'GET /overview': () => ({
        body: {
          code: 0,
          data: {
            projects: { total: 3, byNetMode: { WLAN: 2, MESH: 1 }, own: 1, shared: 0, demo: 2 },
            devices: { total: 0, byType: {}, byStatus: {} },
            alarms: { unread: 0 },
          },
        },
      }),
      'GET /projects': () => ({ body: { code: 0, data: { items, total: items.length } } }),
    });
    renderPage(<OverviewPage />, bff.api, { path: '/overview/preview' });

    expect(await screen.findByText('No devices yet')).toBeTruthy();
    const wlan = screen.getByText('WLAN projects').closest('dl') as HTMLElement;
    expect(within(wlan).getByText('2')).toBeTruthy();
    const alarms = screen.getByText('Unread alarms').closest('dl') as HTMLElement;
    expect(within(alarms).getByText('0')).toBeTruthy();
    for (const name of ['Demo WLAN', 'Demo MESH']) {
      const card = screen.getByRole('heading', { name }).closest('li') as HTMLElement;
      expect(within(card).getByText('Demo')).toBeTruthy();
      expect(within(card).getByRole('button', { name: `Open ${name}` })).toBeTruthy();
    }
    const own = screen.getByRole('heading', { name: 'Harbour Hotel' }).closest('li') as HTMLElement;
    expect(within(own).queryByText('Demo')).toBeNull();
  });
});
