// The commissioning checklist as an installer sees it on the device list: planned, bound and online
// per model and in all, read again when the live list changes, links to the add and import dialogs,
// nothing for a project not made from a solution, and the reason where the user may not add.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Commissioning, DeviceItem } from '@airloom/contracts';
import { DeviceConfigListPage } from '../devconf/DeviceConfigListPage';
import { ScriptedEventSource, device, fakeBff, ok, readOnlyProject, renderAt } from '../../test-harness';

afterEach(cleanup);
beforeEach(() => {
  ScriptedEventSource.all = [];
});

function checklist(apsBound: number, apsOnline: number): Commissioning {
  const items = [
    { model: 'AL-GW1200', type: 'router' as const, planned: 1, bound: 1, online: 1 },
    { model: 'AL-SW1008P', type: 'switch' as const, planned: 3, bound: 3, online: 2 },
    { model: 'AL-AP620', type: 'ap' as const, planned: 12, bound: apsBound, online: apsOnline },
  ];
  const sum = (k: 'planned' | 'bound' | 'online') => items.reduce((n, i) => n + i[k], 0);
  return { solutionId: 4, items, totals: { planned: sum('planned'), bound: sum('bound'), online: sum('online') } };
}

const gw = device({ sn: 'ALRT120000000001', name: 'Gateway', type: 'router', model: 'AL-GW1200' });

function server(projectId: number, answer: () => Commissioning, devices: DeviceItem[] = [gw]) {
  return fakeBff({
    [`GET /projects/${projectId}/devices`]: () => ok({ items: devices, total: devices.length }),
    [`GET /projects/${projectId}/commissioning`]: () => ok(answer()),
  });
}

const card = () => screen.findByRole('region', { name: 'Commissioning' });
const rowOf = (table: HTMLElement, model: string) => within(table).getByRole('rowheader', { name: model }).closest('tr') as HTMLElement;
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('commissioning checklist', () => {
  it('shows planned, bound and online per model and in all, in words as well as bars', async () => {
    renderAt(<DeviceConfigListPage />, server(1, () => checklist(4, 3)).api, '/manage/devconf');
    const region = await card();
    expect(within(region).getByText('8 of 16 planned devices bound, 6 online.')).toBeTruthy();
    const table = within(region).getByRole('table', { name: 'Planned devices by model' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Model', 'Type', 'Planned', 'Bound', 'Online', 'State']);
    expect(cells(rowOf(table, 'AL-AP620'))).toEqual(['AP', '12', '4', '3', '8 to bind']);
    expect(cells(rowOf(table, 'AL-SW1008P'))).toEqual(['Switch', '3', '3', '2', '1 bound, offline']);
    expect(cells(rowOf(table, 'AL-GW1200'))[4]).toBe('Complete');
    const bound = within(region).getByRole('progressbar', { name: 'Bound: 50%' });
    expect(bound.getAttribute('value')).toBe('8');
    expect(bound.getAttribute('max')).toBe('16');
    expect(within(region).getByRole('progressbar', { name: 'Online: 38%' }).getAttribute('value')).toBe('6');
  });

  it('reads the checklist again when a device joins the project live, without a reload', async () => {
    let aps = 4;
    const bff = server(1, () => checklist(aps, 3));
    renderAt(<DeviceConfigListPage />, bff.api, '/manage/devconf');
    const region = await card();
    await within(region).findByText('8 of 16 planned devices bound, 6 online.');
    // the installer added one more AP elsewhere: the project's stream brings it, the server bound it
    aps = 5;
    ScriptedEventSource.last.send({ type: 'device', device: device({ sn: 'ALAP620000000005', name: 'Room-105', type: 'ap', model: 'AL-AP620', status: 0 }) });
    expect(await within(region).findByText('9 of 16 planned devices bound, 6 online.')).toBeTruthy();
    expect(bff.count('GET', '/projects/1/commissioning')).toBe(2);
    expect(cells(rowOf(within(region).getByRole('table'), 'AL-AP620'))).toEqual(['AP', '12', '5', '3', '7 to bind']);
  });

  it('takes the installer to the network status page with its add or import dialog open', async () => {
    const user = userEvent.setup();
    const { mfe } = renderAt(<DeviceConfigListPage />, server(1, () => checklist(0, 0)).api, '/manage/devconf');
    const region = await card();
    await user.click(within(region).getByRole('button', { name: 'Add devices' }));
    expect(mfe.navigate).toHaveBeenLastCalledWith('/manage/status?project=1&verify=1');
    await user.click(within(region).getByRole('button', { name: 'Import devices' }));
    expect(mfe.navigate).toHaveBeenLastCalledWith('/manage/status?project=1&import=1');
  });

  it('says so when no planned device is bound yet', async () => {
    const none: Commissioning = { solutionId: 4, items: [{ model: 'AL-AP620', type: 'ap', planned: 12, bound: 0, online: 0 }], totals: { planned: 12, bound: 0, online: 0 } };
    renderAt(<DeviceConfigListPage />, server(1, () => none, []).api, '/manage/devconf');
    const region = await card();
    expect(within(region).getByText('0 of 12 planned devices bound, 0 online.')).toBeTruthy();
    expect(within(region).getByText(/No device is bound yet/)).toBeTruthy();
  });

  it('shows nothing for a project not made from a solution', async () => {
    const bff = server(1, () => ({ solutionId: null, items: [], totals: { planned: 0, bound: 0, online: 0 } }));
    renderAt(<DeviceConfigListPage />, bff.api, '/manage/devconf');
    await screen.findByRole('table', { name: 'Devices' });
    await waitFor(() => expect(bff.count('GET', '/projects/1/commissioning')).toBe(1));
    expect(screen.queryByRole('region', { name: 'Commissioning' })).toBeNull();
    expect(screen.queryByText(/planned devices bound/)).toBeNull();
  });

  it('shows a read-only guest the checklist, with the reason it cannot add devices', async () => {
    const user = userEvent.setup();
    const { mfe } = renderAt(<DeviceConfigListPage />, server(readOnlyProject.id, () => checklist(4, 3)).api, '/manage/devconf', '/manage/devconf', { project: readOnlyProject });
    const region = await card();
    const add = within(region).getByRole('button', { name: 'Add devices' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    expect(region.textContent).toContain('read-only');
    await user.click(add);
    expect(mfe.navigate).not.toHaveBeenCalled();
  });
});
