// Account settings: the password form sends the current password and explains a wrong one; an API key
// is shown once after it is made, reaches all the account's projects or only the ones chosen, and is
// revoked only after a confirmation.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode, type ApiKeyItem } from '@airloom/contracts';
import { AccountPage } from './AccountPage';
import { demoProjects, fakeBff, project, renderPage } from '../../test-harness';

afterEach(cleanup);

const ok = (data: unknown, status = 200) => ({ status, body: { code: 0, data } });
const key: ApiKeyItem = { id: 3, name: 'Lobby wall', access: 'r', projects: null, prefix: 'alk_AbCdEf', createdAt: '2026-11-24T10:00:00.000Z', lastUsedAt: null };

describe('AccountPage', () => {
  it('says when the current password is wrong, and clears the form once the password is changed', async () => {
    const user = userEvent.setup();
    let wrong = true;
    const bff = fakeBff({
      'GET /account/api-keys': () => ok({ items: [], total: 0 }),
      'POST /account/password': () => (wrong ? { status: 400, body: { code: ErrorCode.WRONG_OLD_PASSWORD, message: 'wrong old password' } } : ok(null)),
    });
    renderPage(<AccountPage />, bff.api, { path: '/overview/account' });
    await user.type(await screen.findByLabelText(/^Current password/), 'Old-pass-1');
    await user.type(screen.getByLabelText(/^New password/), 'Brand-new-9');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Brand-new-9');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is not right.')).toBeTruthy();
    expect(bff.requests.find((r) => r.method === 'POST')?.body).toEqual({ oldPassword: 'Old-pass-1', password: 'Brand-new-9', confirm: 'Brand-new-9' });
    wrong = false;
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect((screen.getByLabelText(/^Current password/) as HTMLInputElement).value).toBe(''));
  });

  it('shows a new key once, and revokes a key after a confirmation', async () => {
    const user = userEvent.setup();
    let items: ApiKeyItem[] = [key];
    const bff = fakeBff({
      'GET /account/api-keys': () => ok({ items, total: items.length }),
      'POST /account/api-keys': () => {
        const made = { ...key, id: 4, name: 'Nightly script', access: 'rw' as const, prefix: 'alk_XyZ123' };
        items = [...items, made];
        return ok({ key: made, secret: 'alk_XyZ123secretsecretsecretsecretsecretsecr' }, 201);
      },
      'DELETE /account/api-keys/3': () => ((items = items.filter((k) => k.id !== 3)), ok(null)),
    });
    renderPage(<AccountPage />, bff.api, { path: '/overview/account' });
    const table = await screen.findByRole('table', { name: 'API keys' });
    await within(table).findByText('Lobby wall');

    await user.click(screen.getByRole('button', { name: 'Make an API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make an API key' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Nightly script');
    await user.selectOptions(within(dialog).getByLabelText(/^Access/), 'rw');
    await user.click(within(dialog).getByRole('button', { name: 'Make key' }));
    expect((await screen.findByTestId('api-key-secret')).textContent).toBe('alk_XyZ123secretsecretsecretsecretsecretsecr');
    expect(bff.requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Nightly script', access: 'rw', projects: null });
    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByTestId('api-key-secret')).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Revoke the key Lobby wall' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this key?' });
    expect(bff.count('DELETE', '/account/api-keys/3')).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(table).queryByText('Lobby wall')).toBeNull());
  });

  it('makes a key for chosen projects only, and asks for at least one', async () => {
    const user = userEvent.setup();
    let items: ApiKeyItem[] = [];
    const bff = fakeBff({
      'GET /account/api-keys': () => ok({ items, total: items.length }),
      'GET /projects': () => {
        const list = [project({ id: 11, projectName: 'Harbour Hotel' }), project({ id: 12, projectName: 'City Campus' }), ...demoProjects];
        return ok({ items: list, total: list.length });
      },
      'POST /account/api-keys': (req) => {
        const made = { ...key, id: 5, name: 'Lobby screen', projects: (req.body as { projects: number[] }).projects };
        items = [made];
        return ok({ key: made, secret: 'alk_Lobby0secretsecretsecretsecretsecretsecre' }, 201);
      },
    });
    renderPage(<AccountPage />, bff.api, { path: '/overview/account' });
    await screen.findByRole('table', { name: 'API keys' });
    await user.click(screen.getByRole('button', { name: 'Make an API key' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Make an API key' }));
    await user.type(dialog.getByLabelText(/^Name/), 'Lobby screen');
    expect((dialog.getByLabelText('All my projects, also ones I add later') as HTMLInputElement).checked).toBe(true);
    await user.click(await dialog.findByLabelText('Only the projects I choose'));
    // the account's projects are offered, the demo projects are not
    const list = within(dialog.getByRole('list', { name: 'Projects' }));
    expect(list.getAllByRole('checkbox').map((c) => c.parentElement?.textContent)).toEqual(['Harbour Hotel', 'City Campus']);

    // none ticked: the form says so and sends nothing
    await user.click(dialog.getByRole('button', { name: 'Make key' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('A key names 1 to 100 projects, or none for every project');
    expect(bff.count('POST', '/account/api-keys')).toBe(0);

    await user.click(list.getByLabelText('City Campus'));
    await user.click(dialog.getByRole('button', { name: 'Make key' }));
    await screen.findByTestId('api-key-secret');
    expect(bff.requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Lobby screen', access: 'r', projects: [12] });
    await within(screen.getByRole('table', { name: 'API keys' })).findByText('1 project');
  });
});
