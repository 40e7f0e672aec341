import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Backup } from '@airloom/contracts';
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

function bff(more: Parameters<typeof fakeBff>[0] = {}) {
  return fakeBff({
    'GET /projects/1/devices': () => ok({ items: [sw], total: 1 }),
    'GET /projects/2/devices': () => ok({ items: [sw], total: 1 }),
    'GET /projects/1/backups': () => list([general]),
    'GET /projects/2/backups': () => list([{ ...general, projectId: 2 }]),
    'GET /projects/1/backups/3/diff': () => ok({ sections: [{ sn: sw.sn, section: 'poe', target: sw.sn, changes: [{ path: 'ports[port=1].enabled', old: true, new: false }] }] }),
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
    const server = bff({ 'POST /projects/1/backups/3/restore': () => ok({ written: [{ sn: sw.sn, section: 'poe', version: 4 }], unchanged: 0, restorePoints: [9] }) });
    renderAt(<BackupPage />, server.api, '/manage/backup');
    await userEvent.click(await screen.findByRole('button', { name: 'Restore Harbour-general-20250101-100000.json' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore Harbour-general-20250101-100000.json' });
    const diff = await within(dialog).findByRole('list', { name: 'What the restore changes' });
    expect(diff.textContent).toContain('ports[port=1].enabled: true → false');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({}));
    const progress = await within(dialog).findByRole('list', { name: 'Restore progress' });
    expect(progress.querySelector('[data-progress]')?.getAttribute('data-progress')).toBe('pending');
    ScriptedEventSource.last.send({ type: 'config', change: change({ id: 7, section: 'poe', sn: sw.sn, version: 4, result: 'applied' }) });
    await waitFor(() => expect(progress.querySelector('[data-progress]')?.getAttribute('data-progress')).toBe('applied'));
    expect(within(dialog).getByText('Restore finished.')).toBeTruthy();
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
});
