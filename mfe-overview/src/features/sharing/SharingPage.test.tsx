// The owner's sharing page: the list with the spec's columns (account, role, permission, validity,
// share time, period, status), sharing with the form's
// rules (contracts'), a refused share explained under its field, ending and removing with a
// confirmation; anybody but the owner is told that only the owner manages shares.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode, type ShareItem } from '@airloom/contracts';
import type { ProjectRef } from '@airloom/shared-ui';
import { SharingPage } from './SharingPage';
import { fakeBff, renderPage } from '../../test-harness';

afterEach(cleanup);

const owned: ProjectRef = { id: 7, projectName: 'Harbour Hotel', right: 'rw', netMode: 0, owner: true };
const bob: ShareItem = { id: 1, account: 'bob@example.com', nick: 'Bob', role: 'guest', permission: 'r', sharedAt: '2026-11-20T10:00:00.000Z', expiresAt: '2026-11-20T11:00:00.000Z', periodHours: 1, status: 'expired' };
const cleo: ShareItem = { id: 2, account: 'cleo@example.com', nick: 'Cleo', role: 'guest', permission: 'rw', sharedAt: '2026-11-21T10:00:00.000Z', expiresAt: null, periodHours: null, status: 'active' };
const dora: ShareItem = { id: 4, account: 'dora@example.com', nick: 'Dora', role: 'guest', permission: 'r', sharedAt: '2026-11-22T10:00:00.000Z', expiresAt: '2026-11-29T10:00:00.000Z', periodHours: 168, status: 'active' };
const ok = (data: unknown, status = 200) => ({ status, body: { code: 0, data } });

function server(items: ShareItem[], more: Parameters<typeof fakeBff>[0] = {}) {
  return fakeBff({ 'GET /projects/7/shares': () => ok({ items, total: items.length }), ...more });
}

describe('SharingPage', () => {
  it('lists each share with the spec\'s columns: account, role, permission, validity, share time, period, status', async () => {
    renderPage(<SharingPage />, server([bob, cleo, dora]).api, { project: owned, path: '/manage/authority' });
    const table = await screen.findByRole('table', { name: 'Shares of this project' });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent ?? '');
    const wanted = ['Account', 'Role', 'Permission', 'Validity', 'Shared', 'Period', 'Status'];
    const at = wanted.map((name) => headers.findIndex((h) => h.startsWith(name)));
    expect(at.every((i, n) => i >= 0 && (n === 0 || i > at[n - 1]!))).toBe(true);
    const cells = (account: string) => {
      const all = within(within(table).getByText(account).closest('tr') as HTMLElement).getAllByRole('cell').map((c) => c.textContent ?? '');
      return Object.fromEntries(wanted.map((name, n) => [name, all[at[n]!]]));
    };
    expect(cells('bob@example.com')).toMatchObject({ Role: 'Guest', Permission: 'Read-only', Period: '1 hour', Status: 'Expired' });
    expect(cells('bob@example.com').Validity).toMatch(/^Until /);
    expect(cells('cleo@example.com')).toMatchObject({ Role: 'Guest', Permission: 'Read-write', Validity: 'Permanent', Period: 'Permanent', Status: 'Active' });
    expect(cells('dora@example.com')).toMatchObject({ Period: '168 hours', Status: 'Active' });
  });

  it('offers End now only on an active share', async () => {
    renderPage(<SharingPage />, server([bob, cleo]).api, { project: owned, path: '/manage/authority' });
    const table = await screen.findByRole('table', { name: 'Shares of this project' });
    const row = (account: string) => within(table).getByText(account).closest('tr') as HTMLElement;
    expect(row('bob@example.com').textContent).toContain('Read-only');
    expect(row('bob@example.com').textContent).toContain('Expired');
    expect(row('cleo@example.com').textContent).toContain('Read-write');
    expect(row('cleo@example.com').textContent).toContain('Permanent');
    expect(within(row('bob@example.com')).queryByRole('button', { name: /End now the share/ })).toBeNull();
    expect(within(row('cleo@example.com')).getByRole('button', { name: 'End now the share with cleo@example.com' })).toBeTruthy();
  });

  it('shares read-only for 24 hours by default; a refusal is shown in a sentence and the list is not changed', async () => {
    const user = userEvent.setup();
    const created = { ...cleo, id: 3, account: 'dan@example.com', nick: 'Dan', permission: 'r' as const, expiresAt: '2026-11-25T10:00:00.000Z' };
    let refuse = true;
    const bff = server([], {
      'POST /projects/7/shares': () => (refuse ? { status: 409, body: { code: ErrorCode.PROJECT_ALREADY_SHARED, message: 'project already shared' } } : ok(created, 201)),
    });
    renderPage(<SharingPage />, bff.api, { project: owned, path: '/manage/authority' });
    await screen.findByText('Not shared with anybody');
    await user.click(screen.getByRole('button', { name: 'Share project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share project' });
    // the account rule is contracts': nothing is sent for a malformed one
    await user.type(within(dialog).getByLabelText(/Account/), 'not an account');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/Account/).getAttribute('aria-invalid')).toBe('true'));
    expect(bff.count('POST', '/projects/7/shares')).toBe(0);

    await user.clear(within(dialog).getByLabelText(/Account/));
    await user.type(within(dialog).getByLabelText(/Account/), 'dan@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await within(dialog).findByText('This project is already shared with dan@example.com: change that share instead.')).toBeTruthy();
    expect(bff.requests.at(-1)?.body).toEqual({ account: 'dan@example.com', permission: 'r', hours: 24 });

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Share project' })).toBeNull());
    expect(bff.count('GET', '/projects/7/shares')).toBe(2); // reloaded after the share
  });

  it('offers an invitation when nobody has signed up with the address, and sends the share asked for', async () => {
    const user = userEvent.setup();
    const bff = server([], {
      'POST /projects/7/shares': () => ({ status: 404, body: { code: ErrorCode.ACCOUNT_NOT_FOUND, message: 'account does not exist' } }),
      'POST /projects/7/invitations': () =>
        ok({ id: 1, projectName: 'Harbour Hotel', from: 'ann@example.com', to: 'new@example.com', permission: 'rw', hours: null, status: 'pending', expiresAt: '2026-11-27T10:00:00.000Z' }, 201),
    });
    renderPage(<SharingPage />, bff.api, { project: owned, path: '/manage/authority' });
    await screen.findByText('Not shared with anybody');
    await user.click(screen.getByRole('button', { name: 'Share project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share project' });
    await user.type(within(dialog).getByLabelText(/Account/), 'new@example.com');
    await user.selectOptions(within(dialog).getByLabelText(/Permission/), 'rw');
    await user.selectOptions(within(dialog).getByLabelText(/Validity/), 'permanent');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await within(dialog).findByText(/Nobody has signed up as new@example.com yet/)).toBeTruthy();
    expect(bff.count('POST', '/projects/7/invitations')).toBe(0);

    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Share project' })).toBeNull());
    expect(bff.requests.at(-1)?.body).toEqual({ account: 'new@example.com', permission: 'rw', hours: null });
    expect(await screen.findByText(/An invitation was sent to new@example.com/)).toBeTruthy();
  });

  it('ends a share only after a confirmation that says access ends at once', async () => {
    const user = userEvent.setup();
    const bff = server([cleo], { 'PATCH /projects/7/shares/2': () => ok({ ...cleo, status: 'expired' }) });
    renderPage(<SharingPage />, bff.api, { project: owned, path: '/manage/authority' });
    await user.click(await screen.findByRole('button', { name: 'End now the share with cleo@example.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'End this share now?' });
    expect(confirm.textContent).toContain('cleo@example.com loses access to Harbour Hotel at once');
    expect(bff.count('PATCH', '/projects/7/shares/2')).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'End now' }));
    await waitFor(() => expect(bff.count('PATCH', '/projects/7/shares/2')).toBe(1));
    expect(bff.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ endNow: true });
  });

  it('on a demo project shows the seeded shares with every action disabled, saying why', async () => {
    const bff = fakeBff({ 'GET /projects/500000/shares': () => ok({ items: [cleo], total: 1 }) });
    const demoProject: ProjectRef = { id: 500000, projectName: 'Demo Hotel', right: 'r', netMode: 0, owner: false };
    renderPage(<SharingPage />, bff.api, { project: demoProject, path: '/manage/authority' });
    const table = await screen.findByRole('table', { name: 'Shares of this project' });
    expect(within(table).getByText('cleo@example.com')).toBeTruthy();
    const share = screen.getByRole('button', { name: /Share project/ });
    expect(share.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getAllByText('Demo projects can be looked at but not changed.').length).toBeGreaterThan(0);
    await userEvent.setup().click(share);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(table).getByRole('button', { name: /End now the share with cleo@example.com/ }).getAttribute('aria-disabled')).toBe('true');
    expect(bff.count('GET', '/projects/500000/transfer')).toBe(0);
    expect(bff.count('GET', '/projects/500000/transfers')).toBe(0);
  });

  it('tells a read-write guest that only the owner manages shares, and asks the server nothing', async () => {
    const bff = server([cleo]);
    renderPage(<SharingPage />, bff.api, { project: { ...owned, owner: false }, path: '/manage/authority' });
    expect(await screen.findByText('Only the owner of this project can see and change who it is shared with.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share project' })).toBeNull();
    expect(bff.count('GET', '/projects/7/shares')).toBe(0);
  });
});
