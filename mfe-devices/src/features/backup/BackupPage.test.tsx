import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Backup, BackupScheduleView } from '@airloom/contracts';
import { BackupPage } from './BackupPage';
import { ScriptedEventSource, change, device, fakeBff, ok, readOnlyProject, refused, renderAt } from '../../test-harness';

afterEach(cleanup);
beforeEach(() => {
  ScriptedEventSource.all = [];
});

const sw = device({ sn: 'ALSW100800000001', name: 'Floor-Switch', type: 'switch', model: 'AL-SW1008P' });
const general: Backup = {
  id: 3, projectId: 1, type: 'general', fileName: 'Harbour-general-20250101-100000.json', sn: null, model: null, mac: null, deviceType: null,
  sizeKb: 1.5, createdAt: '2025-01-01T10:00:00.000Z', createdBy: 'ann@example.com', remark: 'Before the works', syncState: 'synchronized', origin: 'manual', sectionCount: 2,
};
const list = (items: Backup[]) => ok({ items, max: 128, minIntervalMinutes: 3 });
const daily: BackupScheduleView = { mode: 'daily', weekday: 1, hour: 3, keep: 14, zone: '+8', nextRunAt: '2025-01-02T19:00:00.000Z', lastRunAt: null, lastResult: null, lastBackupId: null };
const scheduledBackup: Backup = { ...general, id: 4, fileName: 'Harbour-general-20250101-190000.json', remark: '', origin: 'scheduled', createdBy: null, createdAt: '2025-01-01T19:00:00.000Z' };

function bff(more: Parameters<typeof fakeBff>[0] = {}) {
  return fakeBff({
    'GET /projects/1/devices': () => ok({ items: [sw], total: 1 }),
    'GET /projects/2/devices': () => ok({ items: [sw], total: 1 }),
    'GET /projects/1/backups': () => list([general]),
    'GET /projects/2/backups': () => list([{ ...general, projectId: 2 }]),
    'GET /projects/1/backups/schedule': () => ok(daily),
    'GET /projects/2/backups/schedule': () => ok(daily),
    'GET /projects/1/backups/3/diff': () => ok({ sections: [{ sn: sw.sn, section: 'poe', target: sw.sn, changes: [{ path: 'ports[port=1].enabled', old: true, new: false }] }], skipped: [] }),
    ...more,
  });
}

describe('configuration backup page', () => {
  it('lists the backups with size (two decimals), remarks and sync state', async () => {
    renderAt(<BackupPage />, bff().api, '/manage/backup');
    const table = await screen.findByRole('table', { name: 'Backups and restore points' });
    const row = within(table).getByText('Harbour-general-20250101-100000.json').closest('tr') as HTMLElement;
    expect(row.textContent).toContain('All devices');
    expect(row.textContent).toContain('1.50 KB');
    expect(row.textContent).toContain('Before the works');
    expect(within(row).getByText('Synchronized')).toBeTruthy();
  });

  it('shows the differences, restores after the confirmation and follows each section until its device applied it', async () => {
    const server = bff({
      // the switch has not saved the restored version yet (spec §3 status 7)
      'GET /projects/1/devices': () => ok({ items: [{ ...sw, status: 7 }], total: 1 }),
      'POST /projects/1/backups/3/restore': () => ok({ written: [{ sn: sw.sn, section: 'poe', version: 4 }], unchanged: 0, restorePoints: [9], skipped: [] }),
    });
    renderAt(<BackupPage />, server.api, '/manage/backup');
    await userEvent.click(await screen.findByRole('button', { name: 'Restore Harbour-general-20250101-100000.json' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore Harbour-general-20250101-100000.json' });
    const diff = await within(dialog).findByRole('list', { name: 'What the restore changes' });
    expect(diff.textContent).toContain('ports[port=1].enabled: true → false');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({}));
    const progress = await within(dialog).findByRole('list', { name: 'Restore progress' });
    expect(progress.querySelector('[data-progress]')?.getAttribute('data-progress')).toBe('pending');
    // the switch's own status beside its section
    expect(within(progress).getByText('Online, not saved').getAttribute('data-status')).toBe('7');
    ScriptedEventSource.last.send({ type: 'config', change: change({ id: 7, section: 'poe', sn: sw.sn, version: 4, result: 'applied' }) });
    await waitFor(() => expect(progress.querySelector('[data-progress]')?.getAttribute('data-progress')).toBe('applied'));
    expect(within(dialog).getByText('Restore finished.')).toBeTruthy();
  });

  it('restores one device of a general backup, each device\'s sections ticked on their own', async () => {
    const sw2 = device({ sn: 'ALSW100800000002', name: 'Lobby-Switch', type: 'switch', model: 'AL-SW1008P' });
    const poe = (sn: string) => ({ sn, section: 'poe', target: sn, changes: [{ path: 'ports[port=1].enabled', old: true, new: false }] });
    const vlan = { sn: null, section: 'vlan', target: 'ALGW120000000001', changes: [{ path: 'vlans[id=20].name', old: 'Guest-WiFi', new: 'Guests' }] };
    const server = bff({
      'GET /projects/1/devices': () => ok({ items: [sw, sw2], total: 2 }),
      'GET /projects/1/backups/3/diff': () => ok({ sections: [vlan, poe(sw.sn), poe(sw2.sn)], skipped: [{ sn: 'ALSW100800000009', section: 'poe' }] }),
      'POST /projects/1/backups/3/restore': () => ok({ written: [], unchanged: 1, restorePoints: [], skipped: [] }),
    });
    renderAt(<BackupPage />, server.api, '/manage/backup');
    await userEvent.click(await screen.findByRole('button', { name: 'Restore Harbour-general-20250101-100000.json' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore Harbour-general-20250101-100000.json' });
    await within(dialog).findByRole('list', { name: 'What the restore changes' });
    // a device removed from the project since: its section is named, not restored
    expect(within(dialog).getByText(/1 backed-up section is left out: its device is no longer in this project \(PoE of ALSW100800000009\)/)).toBeTruthy();
    // the same section of two switches: unticking one leaves the other ticked
    const first = within(dialog).getByRole('checkbox', { name: /PoE of Floor-Switch/ });
    const second = within(dialog).getByRole('checkbox', { name: /PoE of Lobby-Switch/ });
    await userEvent.click(first);
    expect([(first as HTMLInputElement).checked, (second as HTMLInputElement).checked]).toEqual([false, true]);
    await userEvent.click(first);
    // one device only: the other devices' sections are neither shown nor sent
    await userEvent.selectOptions(within(dialog).getByLabelText('Devices to restore'), 'ALSW100800000002');
    expect(within(dialog).queryByRole('checkbox', { name: /PoE of Floor-Switch/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ items: [{ sn: sw2.sn, section: 'poe' }] }));
  });

  it('a restore point of a device removed from the project goes to a replacement chosen in the dialog, compared as the replacement now', async () => {
    const spare = device({ sn: 'ALSW100800000003', name: 'Spare-Switch', type: 'switch', model: 'AL-SW1008P' });
    const point: Backup = { ...general, id: 5, type: 'restore-point', fileName: 'ALSW100800000009-restore-point.json', sn: 'ALSW100800000009', model: 'AL-SW1008P', deviceType: 'switch' };
    let compared = 0;
    const server = bff({
      'GET /projects/1/devices': () => ok({ items: [sw, spare], total: 2 }),
      'GET /projects/1/backups': () => list([point]),
      'GET /projects/1/backups/5/diff': () => {
        compared++;
        // first the backup as it is (its device is gone), then the replacement now → the backup
        return compared === 1
          ? ok({ sections: [], skipped: [{ sn: point.sn, section: 'poe' }] })
          : ok({ sections: [{ sn: spare.sn, section: 'poe', target: spare.sn, changes: [{ path: 'ports[port=1].enabled', old: true, new: false }] }], skipped: [] });
      },
      'POST /projects/1/backups/5/restore': () => ok({ written: [{ sn: spare.sn, section: 'poe', version: 2 }], unchanged: 0, restorePoints: [11], skipped: [] }),
    });
    renderAt(<BackupPage />, server.api, '/manage/backup');
    await userEvent.click(await screen.findByRole('button', { name: `Restore ${point.fileName}` }));
    const dialog = await screen.findByRole('dialog', { name: `Restore ${point.fileName}` });
    expect(await within(dialog).findByText(/ALSW100800000009 is no longer in this project: choose the device of the same model/)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Restore' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.selectOptions(within(dialog).getByLabelText('Restore to'), spare.sn);
    const diff = await within(dialog).findByRole('list', { name: 'What the restore changes' });
    expect(diff.textContent).toContain('PoE of Spare-Switch');
    expect(diff.textContent).toContain('ports[port=1].enabled: true → false');
    expect(compared).toBe(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ sns: [spare.sn] }));
  });

  it("says why a backup was not made (187) in the server's sentence", async () => {
    const server = bff({ 'POST /projects/1/backups': () => refused(187, 'A backup was taken less than 3 minutes ago: please wait a moment.') });
    renderAt(<BackupPage />, server.api, '/manage/backup');
    await userEvent.click(await screen.findByRole('button', { name: 'Back up now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Back up the whole configuration' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back up' }));
    expect(await screen.findByText(/No backup made: .*3 minutes/)).toBeTruthy();
  });

  it('a read-only guest compares but cannot make, restore or delete', async () => {
    renderAt(<BackupPage />, bff().api, '/manage/backup', '/manage/backup', { project: readOnlyProject });
    await screen.findByRole('table', { name: 'Backups and restore points' });
    expect(screen.queryByRole('button', { name: 'Back up now' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.getByRole('button', { name: 'Restore Harbour-general-20250101-100000.json' }).textContent).toBe('Compare');
  });

  it('says in a sentence when the project is backed up by itself, and marks the scheduled backups in the list', async () => {
    renderAt(<BackupPage />, bff({ 'GET /projects/1/backups': () => list([general, scheduledBackup]) }).api, '/manage/backup');
    const panel = await screen.findByRole('region', { name: 'Scheduled backups' });
    expect(within(panel).getByTestId('schedule-summary').textContent).toBe('Every day at 03:00 UTC+8, keeping the newest 14');
    expect(panel.textContent).toContain('Next run:');
    const table = await screen.findByRole('table', { name: 'Backups and restore points' });
    const row = within(table).getByText(scheduledBackup.fileName).closest('tr') as HTMLElement;
    expect(within(row).getByText('Scheduled')).toBeTruthy();
    const manual = within(table).getByText(general.fileName).closest('tr') as HTMLElement;
    expect(within(manual).queryByText('Scheduled')).toBeNull();
  });

  it('changes the schedule with the keyboard: a wrong number is refused in the form, the right one is sent and summarised', async () => {
    const weekly: BackupScheduleView = { ...daily, mode: 'weekly', weekday: 0, hour: 22, keep: 5, nextRunAt: '2025-01-05T14:00:00.000Z' };
    let saved = daily;
    const server = bff({
      'GET /projects/1/backups/schedule': () => ok(saved),
      'PUT /projects/1/backups/schedule': () => {
        saved = weekly;
        return ok(weekly);
      },
    });
    renderAt(<BackupPage />, server.api, '/manage/backup');
    const change = await screen.findByRole('button', { name: 'Change schedule' });
    change.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Schedule backups' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Back up'), 'weekly');
    await userEvent.selectOptions(within(dialog).getByLabelText('Day'), 'Sunday');
    await userEvent.selectOptions(within(dialog).getByLabelText(/^At \(UTC\+8/), '22:00');
    const keep = within(dialog).getByLabelText(/Scheduled backups to keep/);
    await userEvent.clear(keep);
    await userEvent.type(keep, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Keep 1 to 128 scheduled backups')).toBeTruthy();
    expect(server.count('PUT', '/projects/1/backups/schedule')).toBe(0);
    await userEvent.clear(keep);
    await userEvent.type(keep, '5');
    expect(within(dialog).getByTestId('schedule-preview').textContent).toBe('Every Sunday at 22:00 UTC+8, keeping the newest 5');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ mode: 'weekly', weekday: 0, hour: 22, keep: 5 }));
    await waitFor(() => expect(screen.getByTestId('schedule-summary').textContent).toBe('Every Sunday at 22:00 UTC+8, keeping the newest 5'));
    expect(screen.queryByRole('dialog', { name: 'Schedule backups' })).toBeNull();
  });

  it('tells why the last scheduled run was skipped', async () => {
    const skipped: BackupScheduleView = { ...daily, lastRunAt: '2025-01-01T19:00:00.000Z', lastResult: 'skipped-full' };
    renderAt(<BackupPage />, bff({ 'GET /projects/1/backups/schedule': () => ok(skipped) }).api, '/manage/backup');
    const panel = await screen.findByRole('region', { name: 'Scheduled backups' });
    expect(await within(panel).findByText(/skipped — the project holds 128 general backups and none of them is a scheduled one/)).toBeTruthy();
  });

  it('a read-only guest reads the schedule but cannot change it', async () => {
    renderAt(<BackupPage />, bff().api, '/manage/backup', '/manage/backup', { project: readOnlyProject });
    const panel = await screen.findByRole('region', { name: 'Scheduled backups' });
    expect(within(panel).getByTestId('schedule-summary').textContent).toContain('Every day at 03:00');
    expect(screen.queryByRole('button', { name: 'Change schedule' })).toBeNull();
  });
});
