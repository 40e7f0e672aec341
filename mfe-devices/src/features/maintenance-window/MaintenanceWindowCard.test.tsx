import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MaintenanceWindowState } from '@airloom/contracts';
import { fakeBff, ok, readOnlyProject, renderAt } from '../../test-harness';
import { MaintenanceWindowCard } from './MaintenanceWindowCard';

afterEach(cleanup);

const off: MaintenanceWindowState = { enabled: false, days: [0], time: '03:00', reboot: true, upgrade: false, zone: '+8', nextRunAt: null, lastRunAt: null, lastResult: null };
// 2026-01-04 18:00 UTC is 02:00 on the 5th at +8
const ran: MaintenanceWindowState = { enabled: true, days: [1, 3], time: '02:00', reboot: true, upgrade: true, zone: '+8', nextRunAt: Date.UTC(2026, 0, 6, 18), lastRunAt: Date.UTC(2026, 0, 4, 18), lastResult: { queued: 5, skipped: 1, excluded: 2, upgraded: 3 } };

describe('auto maintenance card', () => {
  it('turns the window on with weekdays, a time and an upgrade, after saying what it does to the devices', async () => {
    const server = fakeBff({
      'GET /projects/1/maintenance-window': () => ok(off),
      'PUT /projects/1/maintenance-window': (req) => ok({ ...off, ...(req.body as object), nextRunAt: Date.UTC(2026, 0, 5, 18) }),
    });
    renderAt(<MaintenanceWindowCard project={{ id: 1, right: 'rw', netMode: 0, projectName: 'Harbour Hotel', owner: true }} />, server.api, '/manage/devconf');
    const user = userEvent.setup();
    expect(await screen.findByText('Auto maintenance is off.')).toBeTruthy();
    await user.click(screen.getByLabelText('Auto maintenance on'));
    await user.click(screen.getByLabelText('Sunday'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // no weekday left: the contracts rule's sentence, nothing sent
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(server.count('PUT', '/projects/1/maintenance-window')).toBe(0);

    await user.click(screen.getByLabelText('Monday'));
    await user.click(screen.getByLabelText('Upgrade to the recommended firmware'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('every device but NVRs restarts');
    expect(confirm.textContent).toContain('offline for about 5 minutes');
    expect(server.count('PUT', '/projects/1/maintenance-window')).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(server.count('PUT', '/projects/1/maintenance-window')).toBe(1));
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ enabled: true, days: [1], time: '03:00', reboot: true, upgrade: true });
    expect(await screen.findByText('Auto maintenance saved.')).toBeTruthy();
    expect(screen.getByTestId('window-next').textContent).toContain('2026-01-06 02:00');
  });

  it('refuses a window that would do nothing', async () => {
    const server = fakeBff({ 'GET /projects/1/maintenance-window': () => ok(off) });
    renderAt(<MaintenanceWindowCard project={{ id: 1, right: 'rw', netMode: 0, projectName: 'Harbour Hotel', owner: true }} />, server.api, '/manage/devconf');
    const user = userEvent.setup();
    await screen.findByText('Auto maintenance is off.');
    await user.click(screen.getByLabelText('Auto maintenance on'));
    await user.click(screen.getByLabelText('Restart every device (not NVRs)'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose at least one of restart and upgrade.');
    expect(server.count('PUT', '/projects/1/maintenance-window')).toBe(0);
  });

  it('shows a read-only guest the window and its last result, with nothing to change', async () => {
    const server = fakeBff({ 'GET /projects/2/maintenance-window': () => ok(ran) });
    renderAt(<MaintenanceWindowCard project={readOnlyProject} />, server.api, '/manage/devconf', '/manage/devconf', { project: readOnlyProject });
    expect((await screen.findByTestId('window-last')).textContent).toBe(
      'Last window, 2026-01-05 02:00: 5 restarted, 3 put into a firmware rollout, 1 skipped (offline, busy or managed locally), 2 NVRs left out.',
    );
    expect(screen.getByText(/You can see the auto maintenance but not change it/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect((screen.getByLabelText('Upgrade to the recommended firmware') as HTMLInputElement).checked).toBe(true);
    // the form is there to read, its fields disabled
    expect((screen.getByLabelText('Upgrade to the recommended firmware') as HTMLInputElement).disabled).toBe(true);
  });
});
