// The account page's profile parts: the summary (avatar, membership label, company), the avatar
// upload (name and size checked here, the bytes by the server: a renamed program is refused with the
// server's sentence), the company form (once a year: the server's 14 is explained), the engineer
// accounts (made, disabled, removed after a confirmation) and the version with the help centre.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode, type AccountProfile, type SubAccountItem } from '@airloom/contracts';
import { AccountPage } from './AccountPage';
import { fakeBff, renderPage } from '../../test-harness';

afterEach(cleanup);

/** a card of the page, by its title */
const card = async (title: string) => (await screen.findByRole('heading', { name: title })).closest('section') as HTMLElement;

const ok = (data: unknown, status = 200) => ({ status, body: { code: 0, data } });
const field = (value: string, changedAt: string | null = null, changeableFrom: string | null = null) => ({ value, changedAt, changeableFrom });
const profile: AccountProfile = {
  account: 'ann@example.com',
  nick: 'Ann',
  role: 0,
  membership: 'gold',
  demo: false,
  companyName: field('Lumen Networks', '2026-03-01T10:00:00.000Z', '2027-01-01T00:00:00.000Z'),
  companyAddress: field(''),
  avatar: null,
  superior: null,
  subAccounts: 1,
  version: '0.1.0',
  helpCentreUrl: 'https://help.example.com/console',
};
const engineer: SubAccountItem = { id: 9, account: 'bo@example.com', nick: 'Bo', disabled: false, createdAt: '2026-11-20T10:00:00.000Z', projects: 2 };
const base = (over: Partial<AccountProfile> = {}) => ({
  'GET /account': () => ok({ ...profile, ...over }),
  'GET /account/api-keys': () => ok({ items: [], total: 0 }),
  'GET /account/sub-accounts': () => ok({ items: [engineer], total: 1, twoFactorRequired: false }),
});

describe('AccountPage: profile, company, engineers', () => {
  it('shows the membership label, the company, the version and the help centre', async () => {
    renderPage(<AccountPage />, fakeBff(base()).api, { path: '/overview/account' });
    const summary = await card('Your account');
    expect(within(summary).getByText('Gold')).toBeTruthy();
    expect(within(summary).getByText('Lumen Networks')).toBeTruthy();
    expect(within(summary).getByText('Manages 1 engineer account')).toBeTruthy();
    expect(screen.getByText('Airloom console version 0.1.0')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Help centre' }).getAttribute('href')).toBe('https://help.example.com/console');
  });

  it('refuses a file the name rule refuses without sending it, and shows the server’s sentence for a renamed program', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const bff = fakeBff({
      ...base(),
      'PUT /account/avatar': () => ({ status: 400, body: { code: ErrorCode.INVALID_PARAMS, message: 'invalid parameters', fields: { image: 'rules.avatar.type' } } }),
    });
    renderPage(<AccountPage />, bff.api, { path: '/overview/account' });
    const input = await screen.findByLabelText('Choose an image');
    await user.upload(input, new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }));
    expect(await screen.findByText('Please choose a jpg, jpeg, png, gif or bmp image')).toBeTruthy();
    expect(bff.count('PUT', '/account/avatar')).toBe(0);

    await user.upload(input, new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00])], 'photo.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('The avatar must be a jpg, png, gif or bmp image')).toBeTruthy();
    expect(bff.requests.find((r) => r.method === 'PUT')?.body).toEqual({ image: 'TVqQAA==' }); // the bytes MZ 90 00, base64
  });

  it('shows the new avatar once the server kept it', async () => {
    const user = userEvent.setup();
    const bff = fakeBff({ ...base(), 'PUT /account/avatar': () => ok({ ...profile, avatar: '/api/v1/account/avatar?v=5' }) });
    renderPage(<AccountPage />, bff.api, { path: '/overview/account' });
    await user.upload(await screen.findByLabelText('Choose an image'), new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    expect(((await screen.findByRole('img', { name: 'Your avatar' })) as HTMLImageElement).getAttribute('src')).toBe('/api/v1/account/avatar?v=5');
  });

  it('says from when a company name changed this year may change again, sends only what changed, and explains 14', async () => {
    const user = userEvent.setup();
    const bff = fakeBff({
      ...base(),
      'PATCH /account/company': () => ({ status: 400, body: { code: ErrorCode.COMPANY_NAME_CHANGED_THIS_YEAR, message: 'the company name can be changed only once a year' } }),
    });
    renderPage(<AccountPage />, bff.api, { path: '/overview/account' });
    const company = await card('Company');
    expect(within(company).getByText(/it can change again from January 1, 2027/)).toBeTruthy();
    const name = within(company).getByLabelText(/^Company name/);
    await user.clear(name);
    await user.type(name, 'Lumen');
    await user.click(within(company).getByRole('button', { name: 'Change company details' }));
    expect(await within(company).findByText('The company name was changed this year already: it can change again next year.')).toBeTruthy();
    expect(bff.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ companyName: 'Lumen' });
  });

  it('makes an engineer account, disables it, and removes it only after saying its projects pass to the company', async () => {
    const user = userEvent.setup();
    let items: SubAccountItem[] = [engineer];
    const bff = fakeBff({
      ...base(),
      'GET /account/sub-accounts': () => ok({ items, total: items.length, twoFactorRequired: false }),
      'POST /account/sub-accounts': () => {
        const made = { ...engineer, id: 10, account: 'cy@example.com', nick: 'Cy', projects: 0 };
        items = [...items, made];
        return ok(made, 201);
      },
      'PATCH /account/sub-accounts/9': () => ((items = items.map((e) => (e.id === 9 ? { ...e, disabled: true } : e))), ok(items[0])),
      'DELETE /account/sub-accounts/9': () => ((items = items.filter((e) => e.id !== 9)), ok(null)),
    });
    renderPage(<AccountPage />, bff.api, { path: '/overview/account' });
    const table = await screen.findByRole('table', { name: 'Engineer accounts' });
    await within(table).findByText('bo@example.com');

    await user.click(screen.getByRole('button', { name: 'Make an engineer account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make an engineer account' });
    await user.type(within(dialog).getByLabelText(/^Account/), 'cy@example.com');
    await user.type(within(dialog).getByLabelText(/^Nickname/), 'Cy');
    await user.type(within(dialog).getByLabelText(/^Password/), 'Eng-pass-1');
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'Eng-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Make account' }));
    await within(table).findByText('cy@example.com');
    expect(bff.requests.find((r) => r.method === 'POST')?.body).toEqual({ account: 'cy@example.com', nick: 'Cy', password: 'Eng-pass-1', confirm: 'Eng-pass-1' });

    await user.click(within(table).getByRole('button', { name: 'Disable bo@example.com' }));
    expect(await within(table).findByRole('button', { name: 'Enable bo@example.com' })).toBeTruthy();
    expect(bff.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ disabled: true });

    await user.click(within(table).getByRole('button', { name: 'Remove bo@example.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this engineer account?' });
    expect(within(confirm).getByText('bo@example.com can no longer sign in. Its 2 projects pass to you.')).toBeTruthy();
    expect(bff.count('DELETE', '/account/sub-accounts/9')).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(table).queryByText('bo@example.com')).toBeNull());
  });

  it('requires two-factor sign-in of all engineers once the company’s own is on, and says why it is refused before', async () => {
    const user = userEvent.setup();
    let required = false;
    let ownOn = false;
    const bff = fakeBff({
      ...base(),
      'GET /account/sub-accounts': () => ok({ items: [engineer], total: 1, twoFactorRequired: required }),
      'PUT /account/company/two-factor-policy': (req) => {
        if (!ownOn) return { status: 400, body: { code: ErrorCode.TWO_FACTOR_OWN_FIRST, message: 'turn on two-factor sign-in for your own account first' } };
        required = (req.body as { required: boolean }).required;
        return ok({ required });
      },
    });
    renderPage(<AccountPage />, bff.api, { path: '/overview/account' });
    const state = await screen.findByTestId('engineers-two-factor');
    expect(state.textContent).toMatch(/^Not required/);
    await user.click(screen.getByRole('button', { name: 'Require two-factor sign-in for all engineers' }));
    expect(await screen.findByText('Turn on two-factor sign-in for your own account first, then require it for your engineers.')).toBeTruthy();
    expect(state.textContent).toMatch(/^Not required/);

    ownOn = true;
    await user.click(screen.getByRole('button', { name: 'Require two-factor sign-in for all engineers' }));
    await waitFor(() => expect(screen.getByTestId('engineers-two-factor').textContent).toMatch(/^Required: an engineer without it sets it up/));
    expect(bff.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ required: true }, { required: true }]);
    await user.click(screen.getByRole('button', { name: 'Stop requiring two-factor sign-in' }));
    await waitFor(() => expect(screen.getByTestId('engineers-two-factor').textContent).toMatch(/^Not required/));
  });

  it('offers the live demo no two-factor requirement for engineers', async () => {
    renderPage(<AccountPage />, fakeBff(base({ demo: true })).api, { path: '/overview/account', demo: true });
    await screen.findByRole('table', { name: 'Engineer accounts' });
    expect(screen.queryByRole('button', { name: 'Require two-factor sign-in for all engineers' })).toBeNull();
  });

  it('tells an engineer account whose it is, and offers it no engineers of its own', async () => {
    const bff = fakeBff(base({ role: 1, superior: { account: 'boss@lumen.example', nick: 'Boss', companyName: 'Lumen Networks' }, subAccounts: 0 }));
    renderPage(<AccountPage />, bff.api, { path: '/overview/account' });
    expect(await screen.findByText(/You are an engineer account of Lumen Networks/)).toBeTruthy();
    expect(screen.getByText('Engineer account of Lumen Networks (boss@lumen.example)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make an engineer account' })).toBeNull();
    expect(bff.count('GET', '/account/sub-accounts')).toBe(0);
  });
});
