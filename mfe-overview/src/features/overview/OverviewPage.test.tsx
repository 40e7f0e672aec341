import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OverviewPage } from './OverviewPage';
import { demoProjects, fakeBff, project, renderPage } from '../../test-harness';

afterEach(cleanup);

function bffWith(items = [project({ id: 1000001, projectName: 'Harbour Hotel' }), ...demoProjects], own = 1, unverified = 0) {
  return fakeBff({
    'GET /devices/unverified': () => ({
      body: { code: 0, data: { items: Array.from({ length: unverified }, (_, i) => ({ sn: `ALAP50000000004${i}`, type: 'ap', model: 'AL-AP620', mac: '02:41:4C:00:00:42', ip: '10.0.0.9', lastSeenAt: '2025-01-01T00:00:00.000Z' })), total: unverified } },
    }),
    'GET /overview': () => ({
      body: {
        code: 0,
        data: {
          projects: { total: own, byNetMode: { WLAN: own, MESH: 0 }, own, shared: 0, demo: 2 },
          devices: { total: 0, byType: {}, byStatus: {} },
          alarms: { unread: 0 },
        },
      },
    }),
    'GET /projects': () => ({ body: { code: 0, data: { items, total: items.length } } }),
  });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('OverviewPage', () => {
  it('counts the devices waiting to be verified and leads to their list', async () => {
    const user = userEvent.setup();
    const { mfe } = renderPage(<OverviewPage />, bffWith(undefined, 1, 3).api, { path: '/overview/preview' });
    expect(await screen.findByText(/3 of your devices are waiting to be verified/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Review and add to a project' }));
    expect(mfe.navigate).toHaveBeenCalledWith('/manage/status?verify=1');
  });

  it('says nothing about devices to be verified when none wait', async () => {
    renderPage(<OverviewPage />, bffWith().api, { path: '/overview/preview' });
    await screen.findByText('No devices yet');
    expect(screen.queryByText(/waiting to be verified/)).toBeNull();
  });

  it('shows the counts, "No devices yet" while there are none, my projects, and the demo projects apart and marked', async () => {
    renderPage(<OverviewPage />, bffWith().api, { path: '/overview/preview' });

    expect(await screen.findByText('No devices yet')).toBeTruthy();
    const wlan = screen.getByText('WLAN projects').closest('dl') as HTMLElement;
    expect(within(wlan).getByText('1')).toBeTruthy();
    const alarms = screen.getByText('Unread alarms').closest('dl') as HTMLElement;
    expect(within(alarms).getByText('0')).toBeTruthy();

    const mine = section('My projects');
    expect(within(mine).getByRole('heading', { name: 'Harbour Hotel' })).toBeTruthy();
    expect(within(mine).queryByText('Demo')).toBeNull();
    expect(within(mine).queryByRole('heading', { name: 'Demo WLAN' })).toBeNull();

    const demo = section('Demo projects');
    for (const name of ['Demo WLAN', 'Demo MESH']) {
      const card = within(demo).getByRole('heading', { name }).closest('li') as HTMLElement;
      expect(within(card).getByText('Demo')).toBeTruthy();
      expect(within(card).getByRole('button', { name: `Open ${name}` })).toBeTruthy();
    }
  });

  it('a new account sees no projects of its own, and can hide the demo projects (kept by the shell) and show them again', async () => {
    const user = userEvent.setup();
    const preferences = { hideDemoProjects: false, setHideDemoProjects: vi.fn() };
    renderPage(<OverviewPage />, bffWith([...demoProjects], 0).api, { path: '/overview/preview', preferences });

    expect(await screen.findByText('No projects yet')).toBeTruthy();
    const demo = section('Demo projects');
    await user.click(within(demo).getByRole('button', { name: 'Hide demo projects' }));
    expect(preferences.setHideDemoProjects).toHaveBeenLastCalledWith(true);
    expect(within(demo).queryByRole('heading', { name: 'Demo WLAN' })).toBeNull();
    expect(within(demo).getByText('The 2 demo projects are hidden.')).toBeTruthy();

    await user.click(within(demo).getByRole('button', { name: 'Show demo projects' }));
    expect(preferences.setHideDemoProjects).toHaveBeenLastCalledWith(false);
    expect(within(demo).getByRole('heading', { name: 'Demo WLAN' })).toBeTruthy();
  });

  it('starts with the demo projects hidden when the account hid them', async () => {
    renderPage(<OverviewPage />, bffWith().api, { path: '/overview/preview', preferences: { hideDemoProjects: true, setHideDemoProjects: vi.fn() } });
    expect(await screen.findByText('The 2 demo projects are hidden.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Demo WLAN' })).toBeNull();
  });

  it('a live-demo session has the demo projects as its projects, with nothing to hide', async () => {
    renderPage(<OverviewPage />, bffWith([...demoProjects], 2).api, { path: '/overview/preview', demo: true, preferences: { hideDemoProjects: true, setHideDemoProjects: vi.fn() } });
    const mine = await screen.findByRole('region', { name: 'My projects' });
    expect(within(mine).getByRole('heading', { name: 'Demo WLAN' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Demo projects' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hide demo projects' })).toBeNull();
  });
});
