import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode, type WirelessPoliciesView } from '@airloom/contracts';
import { PoliciesPage } from './PoliciesPage';
import { demoProject, device, fakeBff, ok, readOnlyProject, refused, renderAt, ScriptedEventSource } from '../../test-harness';

afterEach(cleanup);
beforeEach(() => {
  ScriptedEventSource.all = [];
});

const staff = {
  id: 1, name: 'Staff', ssid: 'Hotel-Staff', ssid5: 'Hotel-Staff-5G', band: 'dual' as const, securityMode: 8, cipher: 'aes' as const, keyUpdateCycle: 3600, vlanId: 10, maxClients: 64,
  hidden: false, schedule: null, guest: false, rateLimit: null, radius: { ip: '192.168.1.20', port: 1812, secret: 's' }, applyTo: 'all' as const, sns: [],
};
const ap = { sn: 'ALAP620000000001', name: 'Lobby-AP', type: 'ap', status: 1, appliedVersion: 1, state: 'applied' as const, meshRole: null };
const view = (over: Partial<WirelessPoliciesView> = {}): WirelessPoliciesView => ({ policies: [staff], version: 1, pending: null, devices: [ap], mainPolicyId: null, ...over });
const guest = { ...staff, id: 2, name: 'Guest', ssid: 'Hotel-Guest', ssid5: 'Hotel-Guest-5G', securityMode: 2, password: 'welcome-2026', radius: null, guest: true };
const pending = {
  revision: 3, actor: 'ann@example.com', updatedAt: '2026-01-01T10:00:00.000Z', policies: [staff, guest],
  changes: [{ path: 'policies[id=2]', old: null, new: { name: 'Guest' } }], devices: [{ sn: ap.sn, name: 'Lobby-AP' }], renetwork: false,
};

describe('wireless policies page', () => {
  it('lists the confirmed policies and says nothing is pending', async () => {
    renderAt(<PoliciesPage />, fakeBff({ 'GET /projects/1/wireless/policies': () => ok(view()) }).api, '/manage/wirelessconf');
    const table = await screen.findByRole('table', { name: 'Wireless policies' }, { timeout: 5000 });
    const row = within(table).getByText('Staff').closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Hotel-Staff / Hotel-Staff-5G');
    expect(row.textContent).toContain('WPA2');
    expect(screen.getByTestId('pending-change').textContent).toContain('No pending change');
    expect(screen.getByTestId('wireless-devices').querySelector('[data-sn]')?.getAttribute('data-state')).toBe('applied');
  });

  it('adds a policy: the dialog checks the fields with the same rules as the server before sending', async () => {
    let sent: unknown = null;
    const server = fakeBff({
      'GET /projects/1/wireless/policies': () => ok(view({ policies: [] })),
      'POST /projects/1/wireless/policies': (req) => {
        sent = req.body;
        return ok({ pending });
      },
    });
    renderAt(<PoliciesPage />, server.api, '/manage/wirelessconf');
    await userEvent.click(await screen.findByRole('button', { name: 'Add policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a wireless policy' });
    await userEvent.type(within(dialog).getByLabelText(/Policy name/), 'Guest');
    await userEvent.type(within(dialog).getByLabelText(/Wi-Fi name on 2.4 GHz/), 'Hotel-Guest');
    await userEvent.type(within(dialog).getByLabelText(/Wi-Fi name on 5 GHz/), 'Hotel-Guest');
    await userEvent.type(within(dialog).getByLabelText(/Wi-Fi password/), 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to pending change' }));
    expect(await within(dialog).findByText('The 2.4 GHz and 5 GHz Wi-Fi names must differ')).toBeTruthy();
    expect(sent).toBeNull();
    await userEvent.clear(within(dialog).getByLabelText(/Wi-Fi name on 5 GHz/));
    await userEvent.type(within(dialog).getByLabelText(/Wi-Fi name on 5 GHz/), 'Hotel-Guest-5G');
    await userEvent.clear(within(dialog).getByLabelText(/Wi-Fi password/));
    await userEvent.type(within(dialog).getByLabelText(/Wi-Fi password/), 'Welcome-2026!');
    expect(within(dialog).getByText(/Strong password/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to pending change' }));
    await waitFor(() => expect(sent).toMatchObject({ name: 'Guest', ssid: 'Hotel-Guest', ssid5: 'Hotel-Guest-5G', securityMode: 2, cipher: 'aes', password: 'Welcome-2026!' }));
  }, 20_000);

  it('enterprise modes ask for the RADIUS server instead of a password', async () => {
    renderAt(<PoliciesPage />, fakeBff({ 'GET /projects/1/wireless/policies': () => ok(view()) }).api, '/manage/wirelessconf');
    await userEvent.click(await screen.findByRole('button', { name: 'Add policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a wireless policy' });
    await userEvent.selectOptions(within(dialog).getByLabelText(/Security mode/), '8');
    expect(within(dialog).queryByLabelText(/Wi-Fi password/)).toBeNull();
    expect(within(dialog).getByLabelText(/RADIUS server/)).toBeTruthy();
    expect(within(dialog).getByLabelText(/RADIUS password/)).toBeTruthy();
  });

  it('shows a refusal of the list rules (2007) in the dialog', async () => {
    const server = fakeBff({
      'GET /projects/1/wireless/policies': () => ok(view()),
      'POST /projects/1/wireless/policies': () => refused(ErrorCode.GUEST_WIFI_LIMIT, 'This project already has a guest Wi-Fi: there can be only one.', { name: 'rules.wirelessPolicy.guest' }),
    });
    renderAt(<PoliciesPage />, server.api, '/manage/wirelessconf');
    await userEvent.click(await screen.findByRole('button', { name: 'Add policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a wireless policy' });
    await userEvent.type(within(dialog).getByLabelText(/Policy name/), 'Guest2');
    await userEvent.type(within(dialog).getByLabelText(/Wi-Fi name on 2.4 GHz/), 'G2');
    await userEvent.type(within(dialog).getByLabelText(/Wi-Fi name on 5 GHz/), 'G2-5');
    await userEvent.type(within(dialog).getByLabelText(/Wi-Fi password/), 'welcome-2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to pending change' }));
    expect(await within(dialog).findByText(/already has a guest Wi-Fi/)).toBeTruthy();
  }, 20_000);

  it('shows the pending change with the devices it reaches, confirms it with its revision, and follows the APs live', async () => {
    let applied: unknown = null;
    let current = view({ pending });
    const server = fakeBff({
      'GET /projects/1/wireless/policies': () => ok(current),
      'POST /projects/1/wireless/apply': (req) => {
        applied = req.body;
        current = view({ policies: [staff, guest], version: 2, devices: [{ ...ap, status: 7, state: 'pending' }] });
        return ok({ version: 2, devices: [ap.sn] });
      },
    });
    renderAt(<PoliciesPage />, server.api, '/manage/wirelessconf');
    const panel = await screen.findByTestId('pending-change');
    await waitFor(() => expect(panel.textContent).toContain('policies[id=2]: added'));
    expect(screen.getByTestId('pending-devices').textContent).toContain('1 device: Lobby-AP');
    await userEvent.click(within(panel).getByRole('button', { name: 'Confirm and send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the change to the devices?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm and send' }));
    await waitFor(() => expect(applied).toEqual({ revision: 3 }));
    await waitFor(() => expect(screen.getByTestId('wireless-devices').querySelector('[data-sn]')?.getAttribute('data-status')).toBe('7'));
    current = view({ policies: [staff, guest], version: 2 });
    ScriptedEventSource.last.send({ type: 'device', device: device({ sn: ap.sn, name: 'Lobby-AP', type: 'ap', model: 'AL-AP620' }) });
    await waitFor(() => expect(screen.getByTestId('wireless-devices').querySelector('[data-sn]')?.getAttribute('data-status')).toBe('1'));
  });

  it('MESH: renaming the main Wi-Fi warns of re-networking in the panel and in the confirmation', async () => {
    const RENETWORK = 'This renames or removes the main Wi-Fi of the MESH network: every mesh node drops and joins again (re-networking). Clients lose the connection for about a minute.';
    const renamed = { ...pending, policies: [{ ...staff, ssid: 'Hotel-Team' }], changes: [{ path: 'policies[id=1].ssid', old: 'Hotel-Staff', new: 'Hotel-Team' }], renetwork: true };
    renderAt(<PoliciesPage />, fakeBff({ 'GET /projects/1/wireless/policies': () => ok(view({ pending: renamed, mainPolicyId: 1 })) }).api, '/manage/wirelessconf');
    const panel = await screen.findByTestId('pending-change');
    await waitFor(() => expect(panel.textContent).toContain(RENETWORK));
    await userEvent.click(within(panel).getByRole('button', { name: 'Confirm and send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the change to the devices?' });
    expect(dialog.textContent).toContain(RENETWORK);
  });

  it('says nothing of re-networking when the change does not touch the main Wi-Fi', async () => {
    renderAt(<PoliciesPage />, fakeBff({ 'GET /projects/1/wireless/policies': () => ok(view({ pending })) }).api, '/manage/wirelessconf');
    const panel = await screen.findByTestId('pending-change');
    await waitFor(() => expect(panel.textContent).toContain('policies[id=2]: added'));
    expect(panel.textContent).not.toContain('re-networking');
  });

  it('deletes only after a confirmation', async () => {
    let removed = false;
    const server = fakeBff({
      'GET /projects/1/wireless/policies': () => ok(view()),
      'DELETE /projects/1/wireless/policies/1': () => {
        removed = true;
        return ok({ pending: null });
      },
    });
    renderAt(<PoliciesPage />, server.api, '/manage/wirelessconf');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the policy?' });
    expect(removed).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(removed).toBe(true));
  });

  it.each([
    ['a read-only share', readOnlyProject, false],
    ['a demo project', demoProject, true],
  ])('is read-only with the reason on %s', async (_label, project, demo) => {
    renderAt(<PoliciesPage />, fakeBff({ [`GET /projects/${project.id}/wireless/policies`]: () => ok(view({ pending })) }).api, '/manage/wirelessconf', '/manage/wirelessconf', { project, demo });
    await screen.findByRole('table', { name: 'Wireless policies' });
    expect(screen.queryByRole('button', { name: 'Add policy' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm and send' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Staff' })).toBeNull();
    expect(screen.getByText(/You can look at the policies but not change them/)).toBeTruthy();
  });
});
