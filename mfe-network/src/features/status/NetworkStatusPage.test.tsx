import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode, errorMessage, type DeviceItem, type DeviceSummary } from '@airloom/contracts';
import { NetworkStatusPage } from './NetworkStatusPage';
import {
  ScriptedEventSource,
  demoProject,
  device,
  fakeBff,
  ok,
  operation,
  meshProject,
  ownProject,
  readOnlyProject,
  renderPage,
} from '../../test-harness';

afterEach(cleanup);
beforeEach(() => {
  ScriptedEventSource.all = [];
});

const lobby = device({ sn: 'ALAP500000000001', name: 'Lobby-AP', model: 'AL-AP500', ip: '192.168.1.21', mac: '00:1A:2B:00:00:21', clients: 7, softwareVersion: 'V2.1.0' });
const core = device({ sn: 'ALSW240000000001', name: 'Core-Switch', type: 'switch', model: 'AL-SW24P', ip: '192.168.1.2', mac: '00:1A:2B:00:00:02', clients: 3 });
const gate = device({ sn: 'ALIPC00000000001', name: 'Gate-Cam', type: 'ipc', model: 'AL-IPC2', status: 0, ip: '192.168.1.50', mac: '00:1A:2B:00:00:50' });
const node = device({ sn: 'ALMESH0000000002', name: 'Hall-Node', type: 'mesh', model: 'AL-MX3', meshMode: 'secondary', status: 7, pendingConfig: true });
const attic = device({ sn: 'ALMESH0000000003', name: 'Attic-Node', type: 'mesh', model: 'AL-MX3', meshMode: 'primary', status: 8 });

const SUMMARY: DeviceSummary = { byType: [], online: 0, offline: 0, restarting: 0, clients: 0, alarms: 4 };

function bff(items: DeviceItem[], extra: Parameters<typeof fakeBff>[0] = {}, projectId = 1) {
  return fakeBff({
    [`GET /projects/${projectId}/devices`]: () => ok({ items, total: items.length }),
    [`GET /projects/${projectId}/devices/summary`]: () => ok(SUMMARY),
    ...extra,
  });
}

const page = <NetworkStatusPage />;

async function devicesTable() {
  return screen.findByRole('table', { name: 'Devices' });
}

/** The name button: its accessible name starts with the visible name and SN (axe label-in-name). */
function detailsName(name: string): RegExp {
  return new RegExp(`^${name} [A-Z0-9]+, details$`);
}

function detailsButton(name: string): HTMLElement {
  return screen.getByRole('button', { name: detailsName(name) });
}

function row(name: string): HTMLElement {
  return detailsButton(name).closest('tr') as HTMLElement;
}

function cells(name: string): string[] {
  return within(row(name))
    .getAllByRole('cell')
    .map((c) => c.textContent ?? '');
}

/** An action the user cannot take now: still focusable, announced as unavailable. */
function unavailable(button: HTMLElement): boolean {
  return button.getAttribute('aria-disabled') === 'true' || (button as HTMLButtonElement).disabled;
}

/** Why it is unavailable: its accessible description, which the page also shows. */
function reasonOf(button: HTMLElement): string {
  return (button.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

/** The status cell: second, right after the name. */
function statusOf(name: string): string {
  return cells(name)[1] ?? '';
}

describe('NetworkStatusPage: the list', () => {
  it('shows the spec columns with their texts, status right after the name, and 7 and 8 as different badges with a spinner', async () => {
    renderPage(page, bff([lobby, core, gate, node, attic], {}, 3).api, { project: meshProject });
    const table = await devicesTable();
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[↕▲▼]/g, ''));
    // MAC and management mode wait in the column chooser (below)
    expect(headers).toEqual(['Name', 'Status', 'Type', 'Cable-free mode', 'Model', 'Client access', 'Local IP', 'Software version', 'Actions']);
    expect(cells('Lobby-AP').slice(0, 8)).toEqual(['Lobby-AP ALAP500000000001', 'Online', 'AP', '', 'AL-AP500', '7', '192.168.1.21', 'V2.1.0']);
    expect(cells('Core-Switch')[2]).toBe('Switch');
    expect(statusOf('Gate-Cam')).toBe('Offline');
    expect(cells('Hall-Node')[3]).toBe('Secondary');

    const saving = within(row('Hall-Node')).getByText('Online, not saved');
    const rebooting = within(row('Attic-Node')).getByText('Rebooting');
    const online = within(row('Lobby-AP')).getByText('Online');
    const bg = (el: HTMLElement) => getComputedStyle(el).backgroundColor;
    expect(new Set([bg(saving), bg(rebooting), bg(online)]).size).toBe(3);
    expect(within(row('Hall-Node')).getByRole('status').textContent).toBe('Waiting for the device');
    expect(within(row('Attic-Node')).getByRole('status').textContent).toBe('Waiting for the device');
    expect(within(row('Lobby-AP')).queryByRole('status')).toBeNull();
  });

  it('a name waiting for an offline device is said beside its status', async () => {
    renderPage(page, bff([{ ...gate, name: 'Gate-Cam-2', pendingConfig: true }]).api);
    await devicesTable();
    expect(statusOf('Gate-Cam-2')).toBe('OfflineThe new name waits for the device');
  });

  it('summary counts online/offline by type, clients, and the alarms of the server', async () => {
    renderPage(page, bff([lobby, core, gate]).api);
    const summary = await screen.findByRole('region', { name: 'Summary' });
    const stat = (label: string) => within(summary).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    // the server's summary is shown as it came…
    expect(stat('Alarms')).toBe('4');
    ScriptedEventSource.last.open();
    // …and counted from the live list once the list changed
    ScriptedEventSource.last.send({ type: 'device', device: { ...gate, status: 1, clients: 2 } });
    await waitFor(() => expect(stat('Online')).toBe('3'));
    expect(stat('Offline')).toBe('0');
    expect(stat('Clients')).toBe('12');
    expect(stat('Alarms')).toBe('4');
    const byType = within(summary).getByRole('table', { name: 'Devices by type' });
    expect(within(byType).getByRole('row', { name: /IPC/ }).textContent).toBe('IPC10');
  });

  it('the live Clients total drops when a device goes offline; a rebooting device is neither online nor counted for clients', async () => {
    renderPage(page, bff([lobby, core]).api);
    const summary = await screen.findByRole('region', { name: 'Summary' });
    const stat = (label: string) => within(summary).queryByText(label, { selector: 'dt' })?.nextElementSibling?.textContent;
    const stream = ScriptedEventSource.last;
    stream.open();
    stream.send({ type: 'device', device: { ...lobby, revision: 2, clients: 8 } });
    await waitFor(() => expect(stat('Clients')).toBe('11'));
    expect(stat('Restarting')).toBeUndefined();

    // the core switch restarts: it is not online and its 3 clients are gone meanwhile
    stream.send({ type: 'device', device: { ...core, revision: 2, status: 8 } });
    await waitFor(() => expect(stat('Online')).toBe('1'));
    expect(stat('Restarting')).toBe('1');
    expect(stat('Offline')).toBe('0');
    expect(stat('Clients')).toBe('8');
    // the per-type rows add up: the switch is counted under Restarting
    const byType = within(summary).getByRole('table', { name: 'Devices by type' });
    expect(within(byType).getByRole('row', { name: /Switch/ }).textContent).toBe('Switch001');

    // the AP drops off: its last client count is not on the network any more (as a reload would say)
    stream.send({ type: 'device', device: { ...lobby, revision: 3, status: 0, clients: 8 } });
    await waitFor(() => expect(stat('Offline')).toBe('1'));
    expect(stat('Online')).toBe('0');
    expect(stat('Clients')).toBe('0');
  });

  it('filters by type, online/offline and a search over name, SN, MAC and IP', async () => {
    const user = userEvent.setup();
    renderPage(page, bff([lobby, core, gate]).api);
    const table = await devicesTable();
    const names = () => within(table).queryAllByRole('button', { name: /, details$/ }).map((b) => b.querySelector('span')!.textContent);
    expect(names()).toEqual(['Core-Switch', 'Gate-Cam', 'Lobby-AP']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'offline');
    expect(names()).toEqual(['Gate-Cam']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'online');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'switch');
    expect(names()).toEqual(['Core-Switch']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), '');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '001A2B000021');
    expect(names()).toEqual(['Lobby-AP']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nothing-like-it');
    expect(names()).toEqual([]);
    expect(screen.getByText('No device matches these filters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(names()).toHaveLength(3);
  });

  it('a project without devices says so and offers "Add device"', async () => {
    renderPage(page, bff([]).api);
    await devicesTable();
    expect(screen.getByText('No devices in this project yet')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Add device' })).toHaveLength(2); // toolbar and empty state
  });
});

describe('NetworkStatusPage: actions by right', () => {
  it('own (rw) project: rename, reboot and locate; an offline device has them disabled with the reason', async () => {
    renderPage(page, bff([lobby, gate]).api);
    await devicesTable();
    for (const action of ['Rename', 'Reboot', 'Locate']) {
      expect(unavailable(within(row('Lobby-AP')).getByRole('button', { name: `${action} Lobby-AP` }))).toBe(false);
      const offline = within(row('Gate-Cam')).getByRole('button', { name: `${action} Gate-Cam` });
      expect(unavailable(offline)).toBe(true);
      expect(reasonOf(offline)).toMatch(/offline/i);
    }
    expect(screen.getByRole('button', { name: 'Add device' })).toBeTruthy();
  });

  it('a rebooting device refuses reboot with the busy text', async () => {
    renderPage(page, bff([attic]).api);
    await devicesTable();
    const reboot = within(row('Attic-Node')).getByRole('button', { name: 'Reboot Attic-Node' });
    expect(unavailable(reboot)).toBe(true);
    expect(reasonOf(reboot)).toBe(errorMessage(ErrorCode.DEVICE_BUSY));
  });

  it('a read-only project offers no device action and no "Add device"', async () => {
    renderPage(page, bff([lobby], {}, readOnlyProject.id).api, { project: readOnlyProject });
    const table = await devicesTable();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Rename|Reboot|Locate) / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add device' })).toBeNull();
  });

  it('the demo shows every action disabled with the reason, so an evaluator sees what the console can do', async () => {
    const user = userEvent.setup();
    const demoOn = (project: typeof demoProject, demo: boolean) => {
      const server = bff([lobby], { [`GET /projects/${project.id}/devices/${lobby.sn}`]: () => ok({ ...lobby, manufacturer: 'Airloom', endpointId: 'os::x', reportedModel: null, radios: [], ssids: [], wifiClients: [], ports: [], poe: null, backhaul: null, bytesSent: 0, bytesReceived: 0, history: [] }) }, project.id);
      renderPage(page, server.api, { project, demo });
      return server;
    };
    // a demo project, and a live-demo session on a project it could otherwise change
    for (const [project, demo] of [[demoProject, false], [ownProject, true]] as const) {
      const server = demoOn(project, demo);
      const table = await devicesTable();
      expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
      for (const action of ['Rename', 'Reboot', 'Locate']) {
        const button = within(row('Lobby-AP')).getByRole('button', { name: `${action} Lobby-AP` });
        expect(unavailable(button)).toBe(true);
        expect(reasonOf(button)).toBe('Demo projects can be looked at but not changed.');
        await user.click(button);
      }
      const add = screen.getByRole('button', { name: 'Add device' });
      expect(unavailable(add)).toBe(true);
      expect(reasonOf(add)).toBe('Demo projects can be looked at but not changed.');
      await user.click(add);
      // clicking changes nothing: no dialog, no request
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(server.requests.some((r) => r.method !== 'GET')).toBe(false);

      await user.click(detailsButton('Lobby-AP'));
      const remove = await within(screen.getByRole('complementary')).findByRole('button', { name: 'Remove from project: Lobby-AP' });
      expect(unavailable(remove)).toBe(true);
      // in the panel the reason is written under the button
      expect(within(screen.getByRole('complementary')).getAllByText('Demo projects can be looked at but not changed.').length).toBeGreaterThan(0);
      cleanup();
    }
  });
});

describe('NetworkStatusPage: live', () => {
  it('opens the project stream; device, device-removed and operation events change rows without a reload', async () => {
    const server = bff([lobby, gate]);
    renderPage(page, server.api);
    await devicesTable();
    const stream = ScriptedEventSource.last;
    expect(stream.url).toBe('/api/v1/projects/1/events');
    expect(screen.getByRole('status', { name: 'Live updates: Connecting…' })).toBeTruthy();
    stream.open();
    expect(screen.getByRole('status', { name: 'Live updates: Live' })).toBeTruthy();

    stream.send({ type: 'device', device: { ...gate, revision: 2, status: 1 } });
    expect(statusOf('Gate-Cam')).toBe('Online');
    stream.send({ type: 'device', device: device({ sn: 'ALAP500000000007', name: 'Bar-AP' }) });
    expect(row('Bar-AP')).toBeTruthy();
    stream.send({ type: 'device-removed', sn: lobby.sn });
    expect(screen.queryByRole('button', { name: detailsName('Lobby-AP') })).toBeNull();
    stream.send({ type: 'operation', operation: operation({ id: 3, sn: gate.sn, state: 'sent' }) });
    expect(within(row('Gate-Cam')).getByText('Reboot sent')).toBeTruthy();
    expect(server.count('GET', '/projects/1/devices')).toBe(1);
  });

  /** The page over a server whose list the test changes (`answer.items`), its stream open. */
  async function pageOverChangingList() {
    const answer = { items: [lobby] };
    const server = fakeBff({
      'GET /projects/1/devices': () => ok({ items: answer.items, total: answer.items.length }),
      'GET /projects/1/devices/summary': () => ok(SUMMARY),
    });
    renderPage(page, server.api);
    await devicesTable();
    const stream = ScriptedEventSource.last;
    stream.open();
    return { answer, server, stream };
  }

  it('after a broken stream comes back it reads the list once again', async () => {
    const { answer, server, stream } = await pageOverChangingList();
    stream.drop();
    expect(screen.getByRole('status', { name: 'Live updates: Reconnecting…' })).toBeTruthy();
    answer.items = [{ ...lobby, revision: 2, name: 'Lobby-AP2' }]; // changed while the stream was down
    stream.open();
    expect(await screen.findByRole('button', { name: detailsName('Lobby-AP2') })).toBeTruthy();
    expect(server.count('GET', '/projects/1/devices')).toBe(2);
  });

  it('a list read again after a break does not undo a newer record the page already has', async () => {
    const { answer, server, stream } = await pageOverChangingList();
    stream.send({ type: 'device', device: { ...lobby, revision: 5, name: 'Front-Desk' } });
    stream.drop();
    // an answer from a copy of the database that is behind (revision 4)
    answer.items = [{ ...lobby, revision: 4, name: 'Lobby-AP' }];
    stream.open();
    await waitFor(() => expect(server.count('GET', '/projects/1/devices')).toBe(2));
    expect(await screen.findByRole('button', { name: detailsName('Front-Desk') })).toBeTruthy();
    expect(screen.queryByRole('button', { name: detailsName('Lobby-AP') })).toBeNull();
  });

  it('closes the stream when the page goes away', async () => {
    const { unmount } = renderPage(page, bff([lobby]).api);
    await devicesTable();
    unmount();
    expect(ScriptedEventSource.last.readyState).toBe(2);
  });
});

describe('NetworkStatusPage: rename, reboot, locate', () => {
  it('rename checks the name rule, shows 7 until the device confirms, then the new name', async () => {
    const user = userEvent.setup();
    const server = bff([lobby], {
      // as the BFF answers: the desired name is stored, the device has not confirmed it yet
      'PATCH /projects/1/devices/ALAP500000000001': (req) => ok({ ...lobby, revision: 2, name: (req.body as { name: string }).name, pendingConfig: true }),
    });
    const { mfe } = renderPage(page, server.api);
    await devicesTable();
    ScriptedEventSource.last.open();
    await user.click(screen.getByRole('button', { name: 'Rename Lobby-AP' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename device' });
    const field = within(dialog).getByRole('textbox', { name: /Device name/ });
    await user.clear(field);
    await user.type(field, 'Front Desk');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(server.requests.some((r) => r.method === 'PATCH')).toBe(false);

    await user.clear(field);
    await user.type(field, 'Front-Desk');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ name: 'Front-Desk' });
    expect(mfe.setLoading).toHaveBeenCalledWith('saving');
    expect(statusOf('Front-Desk')).toContain('Online, not saved');

    ScriptedEventSource.last.send({ type: 'device', device: { ...lobby, revision: 3, name: 'Front-Desk' } });
    expect(statusOf('Front-Desk')).toBe('Online');
    expect(await screen.findByText('“Front-Desk” is saved on the device')).toBeTruthy();
  });

  it("an answer older than the device's own event does not undo it", async () => {
    const user = userEvent.setup();
    const done = operation({ id: 21, revision: 3, sn: lobby.sn, kind: 'locate', state: 'done' });
    const server = bff([lobby], {
      // the device was quicker than the HTTP answer: its confirmation arrives first
      'PATCH /projects/1/devices/ALAP500000000001': () => {
        ScriptedEventSource.last.send({ type: 'device', device: { ...lobby, revision: 3, name: 'Front-Desk' } });
        return ok({ ...lobby, revision: 2, name: 'Front-Desk', pendingConfig: true });
      },
      'POST /projects/1/devices/ALAP500000000001/operations': () => {
        ScriptedEventSource.last.send({ type: 'operation', operation: done });
        return ok({ ...done, revision: 1, state: 'queued' });
      },
    });
    renderPage(page, server.api);
    await devicesTable();
    ScriptedEventSource.last.open();
    await user.click(screen.getByRole('button', { name: 'Rename Lobby-AP' }));
    const field = screen.getByRole('textbox', { name: /Device name/ });
    await user.clear(field);
    await user.type(field, 'Front-Desk');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('“Front-Desk” is saved on the device')).toBeTruthy();
    expect(statusOf('Front-Desk')).toBe('Online');

    await user.click(screen.getByRole('button', { name: 'Locate Front-Desk' }));
    expect(await screen.findByText('The LED of “Front-Desk” is blinking for 60 s')).toBeTruthy();
    expect(statusOf('Front-Desk')).toBe('Online');
  });

  it('reboot asks first (about 1 minute, clients disconnect), then follows the operation to its end', async () => {
    const user = userEvent.setup();
    const queued = operation({ id: 11, sn: lobby.sn, state: 'queued' });
    const server = bff([lobby], { 'POST /projects/1/devices/ALAP500000000001/operations': () => ({ status: 202, ...ok(queued) }) });
    renderPage(page, server.api);
    await devicesTable();
    const stream = ScriptedEventSource.last;
    stream.open();
    await user.click(screen.getByRole('button', { name: 'Reboot Lobby-AP' }));
    const dialog = screen.getByRole('dialog', { name: 'Reboot device' });
    expect(dialog.textContent).toContain('about 1 minute');
    expect(dialog.textContent).toContain('clients are disconnected');
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Reboot' }));

    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ kind: 'reboot' });
    await waitFor(() => expect(within(row('Lobby-AP')).getByText('Reboot queued')).toBeTruthy());
    // a second reboot cannot be queued behind the first
    expect(unavailable(within(row('Lobby-AP')).getByRole('button', { name: 'Reboot Lobby-AP' }))).toBe(true);

    stream.send({ type: 'operation', operation: { ...queued, revision: 2, state: 'running' } });
    stream.send({ type: 'device', device: { ...lobby, revision: 2, status: 8, operation: { ...queued, revision: 2, state: 'running' } } });
    expect(statusOf('Lobby-AP')).toContain('Rebooting');
    stream.send({ type: 'operation', operation: { ...queued, revision: 3, state: 'done' } });
    stream.send({ type: 'device', device: { ...lobby, revision: 3 } });
    expect(statusOf('Lobby-AP')).toBe('Online');
    expect(await screen.findByText('“Lobby-AP” rebooted and is back online')).toBeTruthy();
  });

  it("a refused operation shows the server's catalogue text", async () => {
    const user = userEvent.setup();
    const server = bff([lobby], { 'POST /projects/1/devices/ALAP500000000001/operations': () => ({ status: 409, body: { code: 36, message: 'x' } }) });
    renderPage(page, server.api);
    await devicesTable();
    await user.click(screen.getByRole('button', { name: 'Locate Lobby-AP' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Locate of “Lobby-AP” failed: .*offline/);
  });

  it('locate tells the user the LED blinks for 60 s once the device did it', async () => {
    const user = userEvent.setup();
    const queued = operation({ id: 12, sn: lobby.sn, kind: 'locate' });
    const server = bff([lobby], { 'POST /projects/1/devices/ALAP500000000001/operations': () => ok(queued) });
    renderPage(page, server.api);
    await devicesTable();
    ScriptedEventSource.last.open();
    await user.click(screen.getByRole('button', { name: 'Locate Lobby-AP' }));
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ kind: 'locate' });
    await waitFor(() => expect(within(row('Lobby-AP')).getByText('Locate queued')).toBeTruthy());
    ScriptedEventSource.last.send({ type: 'operation', operation: { ...queued, revision: 2, state: 'done' } });
    expect(await screen.findByText('The LED of “Lobby-AP” is blinking for 60 s')).toBeTruthy();
  });
});

describe('NetworkStatusPage: add device', () => {
  it('checks the SN rule, shows a refusal under the field, and adds a device to be verified in one click', async () => {
    const user = userEvent.setup();
    const added = device({ sn: 'ALAP500000000042', name: 'ALAP500000000042' });
    const server = bff([lobby], {
      'GET /devices/unverified': () => ok({ items: [{ sn: added.sn, type: 'ap', model: 'AL-AP500', mac: '00:1A:2B:00:00:42', ip: '10.0.0.9', lastSeenAt: '2025-01-01T00:00:00.000Z' }], total: 1 }),
      'POST /projects/1/devices': (req) =>
        (req.body as { sn: string }).sn === added.sn ? { status: 201, ...ok(added) } : { status: 409, body: { code: 167, message: 'x' } },
    });
    renderPage(page, server.api);
    await devicesTable();
    await user.click(screen.getByRole('button', { name: 'Add device' }));
    const dialog = screen.getByRole('dialog', { name: 'Add device' });
    const sn = within(dialog).getByRole('textbox', { name: /Serial number/ });

    await user.type(sn, 'SHORT');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(sn.getAttribute('aria-invalid')).toBe('true');
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);

    await user.clear(sn);
    await user.type(sn, 'ALAP500000000099');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sn.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Device ALAP500000000099 is already in a project or belongs to another account.')).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ sn: 'ALAP500000000099' });

    await user.click(await within(dialog).findByRole('button', { name: 'Add ALAP500000000042' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ sn: 'ALAP500000000042' });
    expect(row('ALAP500000000042')).toBeTruthy();
  });
});

describe('NetworkStatusPage: onboarding', () => {
  it('adds a device by its cloud code, sent in one spelling', async () => {
    const user = userEvent.setup();
    const added = device({ sn: 'ALAP500000000043', name: 'Yard-AP' });
    const server = bff([lobby], { 'POST /projects/1/devices/by-code': () => ({ status: 201, ...ok(added) }) });
    renderPage(page, server.api);
    await devicesTable();
    await user.click(screen.getByRole('button', { name: 'Add device' }));
    const dialog = screen.getByRole('dialog', { name: 'Add device' });
    await user.click(within(dialog).getByRole('radio', { name: 'Cloud code' }));
    const code = within(dialog).getByRole('textbox', { name: /Cloud code/ });
    await user.type(code, 'HJKM-234');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(server.count('POST', '/projects/1/devices/by-code')).toBe(0);
    await user.type(code, '5');
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Yard-AP');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.find((r) => r.path === '/projects/1/devices/by-code')?.body).toEqual({ code: 'hjkm-2345'.toUpperCase().replace('-', ''), name: 'Yard-AP' });
    expect(row('Yard-AP')).toBeTruthy();
  });

  it('imports a file: refuses a wrong file before sending, lists refused rows, then imports the valid ones', async () => {
    // the picker's accept list is a hint: a person can still choose any file, which the rule then refuses
    const user = userEvent.setup({ applyAccept: false });
    let calls = 0;
    const rows = [
      { row: 2, sn: 'ALAP500000000044', code: 0, message: '', field: null },
      { row: 3, sn: 'ALMESH0000000044', code: 87, message: 'Cable-free (mesh) and traditional devices cannot be mixed in one project.', field: null },
    ];
    const server = bff([lobby], {
      'POST /projects/1/devices/import': () => {
        calls += 1;
        return ok({ imported: calls === 1 ? 0 : 1, rows });
      },
    });
    renderPage(page, server.api);
    await devicesTable();
    await user.click(screen.getByRole('button', { name: 'Import devices' }));
    const dialog = screen.getByRole('dialog', { name: 'Import devices from Excel' });
    expect(within(dialog).getByRole('link', { name: 'Download the template (.xlsx)' }).getAttribute('href')).toBe('/api/v1/devices/import-template.xlsx');
    const input = within(dialog).getByLabelText('File');
    await user.upload(input, new File(['a,b'], 'devices.csv', { type: 'text/csv' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please choose an .xls or .xlsx file made from the template');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(calls).toBe(0);

    await user.upload(input, new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'devices.xlsx'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('2 rows checked: 1 valid, 1 refused. Nothing was imported.')).toBeTruthy();
    const table = within(dialog).getByRole('table', { name: 'Rows of the file' });
    expect(table.textContent).toContain('87 · Cable-free (mesh) and traditional devices cannot be mixed in one project.');
    await user.click(within(dialog).getByRole('button', { name: 'Import the valid rows' }));
    expect(await within(dialog).findByText('1 devices imported, 1 rows refused')).toBeTruthy();
    expect(calls).toBe(2);
  });
});

describe('NetworkStatusPage: side panel', () => {
  it("shows the device's details; Esc closes it and focus returns to the row", async () => {
    const user = userEvent.setup();
    const detail = {
      ...lobby,
      manufacturer: 'Airloom',
      endpointId: 'os::001A2B-ALAP500000000001',
      radios: [{ band: '5GHz', channel: 36, power: 80, noise: -92 }],
      ssids: ['Hotel-Guest', 'Hotel-Staff'],
      wifiClients: [{ mac: 'AA:BB:CC:00:00:01', signal: -58, band: '5GHz', ssid: 'Hotel-Guest' }],
      ports: [{ name: 'LAN1', up: true, speed: 1000 }],
      bytesSent: 1536,
      bytesReceived: 3 * 1024 * 1024,
      history: [{ status: 1, at: '2025-01-01T00:00:00.000Z', reason: 'boot' }],
    };
    const server = bff([lobby, core], { 'GET /projects/1/devices/ALAP500000000001': () => ok(detail) });
    renderPage(page, server.api);
    await devicesTable();
    const opener = detailsButton('Lobby-AP');
    await user.click(opener);
    const panel = screen.getByRole('complementary', { name: 'Device details: Lobby-AP' });
    expect(panel.contains(document.activeElement)).toBe(true);
    expect(await within(panel).findByText('os::001A2B-ALAP500000000001')).toBeTruthy();
    expect(within(panel).getByRole('table', { name: 'Wi-Fi clients' }).textContent).toContain('-58 dBm');
    expect(within(panel).getByText('Hotel-Guest, Hotel-Staff')).toBeTruthy();
    expect(within(panel).getByText('1.50 KB')).toBeTruthy();
    expect(within(panel).getByText('3.00 MB')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Reboot Lobby-AP' })).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('complementary')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(detailsButton('Lobby-AP')));
  });

  it('follows the live row and reads the details again when the device reports', async () => {
    const user = userEvent.setup();
    let reads = 0;
    const server = bff([lobby], {
      'GET /projects/1/devices/ALAP500000000001': () => {
        reads += 1;
        return ok({ ...lobby, manufacturer: 'Airloom', endpointId: 'os::x', radios: [], ssids: [], wifiClients: [], ports: [], bytesSent: 0, bytesReceived: 0, history: [] });
      },
    });
    renderPage(page, server.api);
    await devicesTable();
    ScriptedEventSource.last.open();
    await user.click(detailsButton('Lobby-AP'));
    await waitFor(() => expect(reads).toBe(1));
    ScriptedEventSource.last.send({ type: 'device', device: { ...lobby, revision: 2, status: 0 } });
    const panel = screen.getByRole('complementary');
    expect(within(panel).getAllByText('Offline').length).toBeGreaterThan(0);
    await waitFor(() => expect(reads).toBe(2));
  });
});
