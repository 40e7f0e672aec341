import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceDetail, DeviceItem, OperationItem } from '@airloom/contracts';
import { operationItem } from '@airloom/shared-ui/testing';
import { DeviceConfigPage } from '../devconf/DeviceConfigPage';
import { ScriptedEventSource, device, fakeBff, ok, readOnlyProject, refused, renderAt } from '../../test-harness';

afterEach(cleanup);
beforeEach(() => {
  ScriptedEventSource.all = [];
});

const ROUTE = '/manage/devconf/:sn/:section';
const sw = device({ sn: 'ALSW100800000001', name: 'Floor-Switch', type: 'switch', model: 'AL-SW1008P', ip: '192.168.1.2' });
const ap = device({ sn: 'ALAP620000000001', name: 'Lobby-AP', type: 'ap', model: 'AL-AP620' });
const nvr = device({ sn: 'ALNV208000000001', name: 'Recorder', type: 'nvr', model: 'AL-NVR208' });

function detailOf(d: DeviceItem): DeviceDetail {
  return {
    ...d,
    manufacturer: 'Airloom',
    reportedModel: d.model,
    cloudCode: null,
    remark: null,
    endpointId: `os::000000-${d.sn}`,
    radios: [],
    ssids: [],
    wifiClients: [],
    ports: Array.from({ length: 4 }, (_, i) => ({ name: `GE${i + 1}`, up: i === 0, speed: i === 0 ? 1000 : 0, poePower: i === 0 ? 6.5 : 0 })),
    poe: { total: 60, used: 6.5, remaining: 53.5 },
    backhaul: null,
    bytesSent: 0,
    bytesReceived: 0,
    history: [],
  };
}

function bff(devices: DeviceItem[], more: Parameters<typeof fakeBff>[0] = {}) {
  return fakeBff({
    'GET /projects/1/devices': () => ok({ items: devices, total: devices.length }),
    'GET /projects/2/devices': () => ok({ items: devices, total: devices.length }),
    [`GET /projects/1/devices/${sw.sn}`]: () => ok(detailOf(sw)),
    ...more,
  });
}
const stream = () => ScriptedEventSource.last;
const unavailable = (button: HTMLElement) => button.getAttribute('aria-disabled') === 'true' || (button as HTMLButtonElement).disabled;
const op = (more: Partial<OperationItem> & Pick<OperationItem, 'id' | 'sn'>) => operationItem(more);

describe('maintenance tab', () => {
  it('PoE-reboots a switch port after asking, then follows the operation to its end live', async () => {
    const queued = op({ id: 41, sn: sw.sn, kind: 'poe-reboot', args: { port: 1 } });
    const server = bff([sw], { [`POST /projects/1/devices/${sw.sn}/operations`]: () => ({ status: 202, ...ok(queued) }) });
    renderAt(<DeviceConfigPage />, server.api, `/manage/devconf/${sw.sn}/maintenance`, ROUTE);
    expect((await screen.findByRole('link', { name: 'Maintenance' })).getAttribute('aria-current')).toBe('page');
    // the shared Table loads lazily
    const table = await screen.findByRole('table', { name: 'PoE ports' }, { timeout: 10_000 });
    await userEvent.click(within(table).getByRole('button', { name: 'PoE reboot port 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('goes offline and restarts (about 2 minutes)');
    expect(server.count('POST', `/projects/1/devices/${sw.sn}/operations`)).toBe(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'PoE reboot' }));
    await waitFor(() => expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ kind: 'poe-reboot', port: 1 }));
    expect(await within(table).findByText('Waiting for the device')).toBeTruthy();
    stream().send({ type: 'operation', operation: { ...queued, revision: 2, state: 'running' } });
    expect(await within(table).findByText('Running on the device')).toBeTruthy();
    // an older copy arriving late changes nothing
    stream().send({ type: 'operation', operation: { ...queued, revision: 1, state: 'sent' } });
    stream().send({ type: 'operation', operation: { ...queued, revision: 3, state: 'done' } });
    expect(await within(table).findByText('Done')).toBeTruthy();
  }, 20_000);

  it('sets the LED at once; reset asks first and says the project settings are applied again; a refusal shows the catalogue text', async () => {
    const server = bff([ap], {
      [`POST /projects/1/devices/${ap.sn}/operations`]: (req) =>
        (req.body as { kind: string }).kind === 'led'
          ? { status: 202, ...ok(op({ id: 7, sn: ap.sn, kind: 'led', state: 'done', args: { mode: 'off' } })) }
          : refused(71, 'the device is busy, please wait'),
    });
    renderAt(<DeviceConfigPage />, server.api, `/manage/devconf/${ap.sn}/maintenance`, ROUTE);
    await userEvent.click(within(await screen.findByRole('group', { name: 'LED mode' })).getByRole('button', { name: 'Off' }));
    expect(await screen.findByText('Done')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'PoE ports' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Format disk…' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Reset…' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("the console applies this project's settings to it again");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset device' }));
    expect(await screen.findByText(/^Not started: Device ALAP620000000001 is busy/)).toBeTruthy();
  });

  it('formats a recorder after a warning, shows "Formatting" and a failure with its code text; reset is not offered', async () => {
    const queued = op({ id: 9, sn: nvr.sn, kind: 'format-disk' });
    const server = bff([nvr], { [`POST /projects/1/devices/${nvr.sn}/operations`]: () => ({ status: 202, ...ok(queued) }) });
    renderAt(<DeviceConfigPage />, server.api, `/manage/devconf/${nvr.sn}/maintenance`, ROUTE);
    expect(await screen.findByText('A recorder (NVR) cannot be reset from the console.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset…' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Format disk…' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('erased for good');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Format disk' }));
    stream().send({ type: 'operation', operation: { ...queued, revision: 2, state: 'running' } });
    expect(await screen.findByText('Formatting')).toBeTruthy();
    stream().send({ type: 'operation', operation: { ...queued, revision: 3, state: 'failed', error: { code: 3002, message: 'disk formatting failed: the disk is in use, try again later' } } });
    expect(await screen.findByText('Failed: disk formatting failed: the disk is in use, try again later')).toBeTruthy();
  });

  it('copies the settings of a device of the same model after asking what is replaced; only that model is offered; a refusal is the server sentence', async () => {
    const twin = device({ sn: 'ALAP620000000009', name: 'Bar-AP', type: 'ap', model: 'AL-AP620' });
    let answer: ReturnType<typeof ok> | ReturnType<typeof refused> = ok({ sn: ap.sn, from: twin.sn, sections: ['radio', 'roaming'] });
    const server = bff([ap, twin, sw], { [`POST /projects/1/devices/${ap.sn}/copy-config`]: () => answer });
    renderAt(<DeviceConfigPage />, server.api, `/manage/devconf/${ap.sn}/maintenance`, ROUTE);
    const card = (await screen.findByText('Copy settings from another device')).closest('[data-maintenance="copy-config"]') as HTMLElement;
    const from = await within(card).findByLabelText('Copy from');
    // the switch is another model: not offered
    expect(within(from).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a device', `Bar-AP (${twin.sn})`]);
    await userEvent.selectOptions(from, twin.sn);
    await userEvent.click(within(card).getByRole('button', { name: 'Copy settings…' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('The settings of “Bar-AP”');
    expect(dialog.textContent).toContain('replace those of “Lobby-AP”');
    expect(server.count('POST', `/projects/1/devices/${ap.sn}/copy-config`)).toBe(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy settings' }));
    expect(await within(card).findByText('Copied from Bar-AP: 2 settings (radio, roaming). The device applies them now.')).toBeTruthy();
    expect(server.requests.find((r) => r.path.endsWith('/copy-config'))?.body).toEqual({ from: twin.sn });

    answer = refused(36, 'Device ALAP620000000001 is offline: it cannot be changed now.');
    await userEvent.click(within(card).getByRole('button', { name: 'Copy settings…' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Copy settings' }));
    expect(await within(card).findByText(/^Not copied: .*offline/i)).toBeTruthy();
  });

  it('is read-only with the reason on a read-only share: no action buttons', async () => {
    renderAt(<DeviceConfigPage />, bff([sw]).api, `/manage/devconf/${sw.sn}/maintenance`, ROUTE, { project: readOnlyProject });
    expect(await screen.findByText(/You can see this device but not maintain it/)).toBeTruthy();
    for (const name of ['On', 'Off', 'Follow schedule']) expect(unavailable(screen.getByRole('button', { name }))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Reset…' })).toBeNull();
    expect(screen.queryByRole('button', { name: /PoE reboot port/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy settings…' })).toBeNull();
    expect(screen.getByText(/Settings cannot be copied to this device now/)).toBeTruthy();
  });
});
