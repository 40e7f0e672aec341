import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode } from '@airloom/contracts';
import { GatewayPage } from './GatewayPage';
import { ScriptedEventSource, change, demoProject, device, fakeBff, ok, readOnlyProject, refused, renderAt, section } from '../../test-harness';

afterEach(cleanup);
beforeEach(() => {
  ScriptedEventSource.all = [];
});

const PATH = '/manage/networkconf/vlan';
const edge = device({ sn: 'ALGW120000000001', name: 'Edge', type: 'router', model: 'AL-GW1200', ip: '192.168.1.1' });
const lan = { id: 1, name: 'VLAN_Default', ip: '192.168.1.1', mask: 24 };
const guests = { id: 10, name: 'Guests', ip: '192.168.10.1', mask: 24 };

function bff(body = { vlans: [lan, guests] }, more: Parameters<typeof fakeBff>[0] = {}, projectId = 1) {
  return fakeBff({
    [`GET /projects/${projectId}/devices`]: () => ok({ items: [edge], total: 1 }),
    [`GET /projects/${projectId}/gateway/vlan`]: () => ok(section('vlan', body, { sn: edge.sn })),
    ...more,
  });
}

const page = <GatewayPage view="vlan" />;

async function vlanForm() {
  return screen.findByRole('form', { name: 'VLAN' });
}

/** An action the user cannot take now: disabled, or still focusable and announced as unavailable. */
function unavailable(button: HTMLElement): boolean {
  return button.getAttribute('aria-disabled') === 'true' || (button as HTMLButtonElement).disabled;
}

/** The sentence under a field: what its aria-describedby points at. */
function messageOf(field: HTMLElement): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

describe('gateway VLANs', () => {
  it('lists the VLANs with VLAN_Default as the LAN, not editable, and says where the stored version stands', async () => {
    renderAt(page, bff().api, PATH);
    const form = await vlanForm();
    const table = within(form).getByRole('table', { name: 'VLANs' });
    const defaultRow = table.querySelector('[data-vlan-id="1"]') as HTMLElement;
    expect(defaultRow.textContent).toContain('VLAN_Default (the LAN, cannot be modified)');
    expect(within(defaultRow).queryByRole('textbox')).toBeNull();
    expect((within(table).getByLabelText('Name of VLAN 10') as HTMLInputElement).value).toBe('Guests');
    expect(screen.getByText('Applied')).toBeTruthy();
    expect(screen.getByText(/Version 1, saved by ann@example.com/)).toBeTruthy();
    expect(screen.getByText(/Gateway Edge \(AL-GW1200\)/)).toBeTruthy();
    // nothing changed yet: nothing to save
    expect(unavailable(screen.getByRole('button', { name: 'Save' }))).toBe(true);
  });

  it('adds VLANs from an ID list, refuses a list the spec does not allow, and saves the body it shows', async () => {
    const server = bff(undefined, { 'PUT /projects/1/gateway/vlan': () => ok({ version: 2, status: 'pending' }) });
    renderAt(page, server.api, PATH);
    await vlanForm();
    const user = userEvent.setup();
    const ids = screen.getByLabelText('VLAN IDs to add');
    await user.type(ids, '13-11');
    await user.click(screen.getByRole('button', { name: 'Add VLANs' }));
    expect(messageOf(ids)).toContain('A range must start below its end, e.g. 10-13');
    await user.clear(ids);
    await user.type(ids, '10');
    await user.click(screen.getByRole('button', { name: 'Add VLANs' }));
    expect(messageOf(ids)).toContain('This VLAN ID already exists');

    await user.clear(ids);
    await user.type(ids, '20');
    await user.click(screen.getByRole('button', { name: 'Add VLANs' }));
    // the new VLAN needs its segment before it can be saved
    expect(unavailable(screen.getByRole('button', { name: 'Save' }))).toBe(true);
    expect(messageOf(screen.getByLabelText('IP address of VLAN 20'))).toBe('Please enter a valid IP address, e.g. 192.168.0.1');
    await user.type(screen.getByLabelText('IP address of VLAN 20'), '192.168.20.1');
    expect(unavailable(screen.getByRole('button', { name: 'Save' }))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(server.count('PUT', '/projects/1/gateway/vlan')).toBe(1));
    const sent = server.requests.find((r) => r.method === 'PUT')!.body;
    expect(sent).toEqual({ vlans: [lan, guests, { id: 20, name: 'VLAN20', ip: '192.168.20.1', mask: 24 }] });
  });

  it("a VLAN name the spec forbids shows its sentence under the field and nothing is sent", async () => {
    const server = bff();
    renderAt(page, server.api, PATH);
    await vlanForm();
    const user = userEvent.setup();
    const name = screen.getByLabelText('Name of VLAN 10');
    await user.clear(name);
    await user.type(name, 'br0');
    expect(messageOf(name)).toBe('br0 and IPTV are reserved VLAN names');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(unavailable(save)).toBe(true);
    // Save says why it is unavailable, with the sentences (also those about no single field)
    expect(messageOf(save)).toBe('1 setting needs fixing before it can be saved. br0 and IPTV are reserved VLAN names');
    await user.click(save);
    expect(server.count('PUT', '/projects/1/gateway/vlan')).toBe(0);
  });

  it("the server's refusal shows its sentence under the field it names", async () => {
    const server = bff(undefined, {
      'PUT /projects/1/gateway/vlan': () =>
        refused(ErrorCode.INVALID_PARAMS, 'Some settings are not valid: please check the marked fields. Nothing was changed.', { 'vlans.1.ip': 'rules.segmentConflict.vlan' }),
    });
    renderAt(page, server.api, PATH);
    await vlanForm();
    const user = userEvent.setup();
    const ip = screen.getByLabelText('IP address of VLAN 10');
    await user.clear(ip);
    await user.type(ip, '192.168.11.1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageOf(screen.getByLabelText('IP address of VLAN 10'))).toBe('This VLAN segment overlaps another segment'));
    expect(screen.getByText(/Not saved: Some settings are not valid/)).toBeTruthy();
    // the sentence is about the value that was sent: editing it clears it
    await user.type(screen.getByLabelText('IP address of VLAN 10'), '0');
    expect(messageOf(screen.getByLabelText('IP address of VLAN 10'))).toBe('');
  });

  it('a configuration change of the section, heard live, shows its new state without a reload', async () => {
    let state: 'pending' | 'applied' = 'pending';
    const server = fakeBff({
      'GET /projects/1/devices': () => ok({ items: [{ ...edge, status: 7 }], total: 1 }),
      'GET /projects/1/gateway/vlan': () => ok(section('vlan', { vlans: [lan, guests] }, { sn: edge.sn, version: 2, appliedVersion: state === 'applied' ? 2 : 1, state })),
    });
    renderAt(page, server.api, PATH);
    await vlanForm();
    expect(screen.getByText('Online, not saved — waiting for the device')).toBeTruthy();
    expect(screen.getByText('Online, not saved')).toBeTruthy(); // the gateway's status 7
    state = 'applied';
    ScriptedEventSource.last.open();
    ScriptedEventSource.last.send({ type: 'config', change: change({ id: 2, section: 'vlan', sn: edge.sn, version: 2, result: 'applied' }) });
    ScriptedEventSource.last.send({ type: 'device', device: { ...edge, status: 1, revision: 2 } });
    await screen.findByText('Applied');
    expect(screen.getByText('Online')).toBeTruthy();
    // a change of another section is not this one's business
    const reads = server.count('GET', '/projects/1/gateway/vlan');
    ScriptedEventSource.last.send({ type: 'config', change: change({ id: 3, section: 'wan', sn: edge.sn, version: 1 }) });
    expect(server.count('GET', '/projects/1/gateway/vlan')).toBe(reads);
  });

  it('the history shows who changed what, old → new, and reverting an earlier version asks first', async () => {
    const server = bff(
      { vlans: [lan, { ...guests, name: 'Staff' }] },
      {
        'GET /projects/1/config/history': () =>
          ok({
            items: [
              change({ id: 5, section: 'vlan', sn: edge.sn, version: 1, changes: [{ path: 'vlans.1.name', old: 'Guests', new: 'Staff' }], createdAt: '2025-01-02T10:00:00.000Z' }),
              change({ id: 4, section: 'vlan', sn: edge.sn, version: 0, actor: null, changes: [{ path: 'vlans.1', old: null, new: guests }], result: 'superseded' }),
            ],
          }),
        'POST /projects/1/config/history/4/revert': () => ok({ version: 2, status: 'pending' }),
      },
    );
    renderAt(page, server.api, PATH);
    await vlanForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'History' }));
    const drawer = await screen.findByRole('complementary', { name: 'History: VLAN' });
    await within(drawer).findByText('vlans.1.name');
    // newest first, as the server lists them
    expect([...drawer.querySelectorAll('[data-change-id]')].map((e) => e.getAttribute('data-change-id'))).toEqual(['5', '4']);
    const newest = drawer.querySelector('[data-change-id="5"]') as HTMLElement;
    expect(newest.textContent).toContain('By ann@example.com');
    expect(newest.textContent).toContain('vlans.1.name: Guests → Staff');
    expect(newest.textContent).toContain('Applied');
    // the current version is not offered; the earlier one is
    expect(within(newest).queryByRole('button', { name: /^Revert/ })).toBeNull();
    const earlier = drawer.querySelector('[data-change-id="4"]') as HTMLElement;
    expect(earlier.textContent).toContain('By the console');
    expect(earlier.textContent).toContain('Replaced before it was applied');
    await user.click(within(earlier).getByRole('button', { name: 'Revert to version 0' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revert these settings?' });
    expect(server.count('POST', '/projects/1/config/history/4/revert')).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(server.count('POST', '/projects/1/config/history/4/revert')).toBe(1));
    // closing the history takes the focus back to the button that opened it
    await user.click(within(drawer).getByRole('button', { name: 'Close the history' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'History' })));
  });

  it.each([
    ['the demo project', demoProject, 'demo'],
    ['a read-only share', readOnlyProject, 'read-only'],
  ])('%s shows the settings read-only and says why', async (_name, project) => {
    renderAt(page, bff(undefined, {}, project.id).api, PATH, PATH, { project });
    await vlanForm();
    expect(screen.getByText(/You can look at these settings but not change them: /)).toBeTruthy();
    expect((screen.getByLabelText('Name of VLAN 10') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByLabelText('VLAN IDs to add')).toBeNull();
  });

  it('a project without a gateway says so', async () => {
    const server = fakeBff({ 'GET /projects/1/devices': () => ok({ items: [device({ sn: 'ALAP500000000001', name: 'Lobby' })], total: 1 }) });
    renderAt(page, server.api, PATH);
    expect(await screen.findByText('This project has no gateway')).toBeTruthy();
    expect(server.count('GET', '/projects/1/gateway/vlan')).toBe(0);
  });
});
