import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceItem, Rollout } from '@airloom/contracts';
import { DeviceConfigListPage } from '../devconf/DeviceConfigListPage';
import { ScriptedEventSource, device, fakeBff, ok, readOnlyProject, renderAt } from '../../test-harness';

afterEach(cleanup);
beforeEach(() => {
  ScriptedEventSource.all = [];
});

/** the table is loaded lazily: its first appearance may take a moment on a busy machine */
const deviceTable = () => screen.findByRole('table', { name: 'Devices' }, { timeout: 5000 });

const lobby = device({ sn: 'ALAP620000000001', name: 'Lobby-AP', type: 'ap', model: 'AL-AP620' });
const garden = device({ sn: 'ALAP620000000002', name: 'Garden-AP', type: 'ap', model: 'AL-AP620', status: 0 });
const floor = device({ sn: 'ALSW100800000001', name: 'Floor-Switch', type: 'switch', model: 'AL-SW1008P' });

/** a rollout that halted after its canary failed */
const halted: Rollout = {
  id: 7, state: 'halted', wave: 0, waves: 2, version: null, imageId: null, canaryPercent: 50, waveSize: 1, haltPercent: 0, maxDownloads: 1,
  counts: { pending: 0, running: 0, succeeded: 0, failed: 1, refused: 0, skipped: 1 },
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
  devices: [
    { sn: lobby.sn, wave: 0, outcome: 'failed', operationId: 3, error: { code: 913, message: 'upgrade failed: the device could not download the firmware (or its checksum did not match)' } },
    { sn: floor.sn, wave: 1, outcome: 'skipped', operationId: null, error: { code: 910, message: 'the device already runs this firmware version' } },
  ],
};

function bff(devices: DeviceItem[], shown: Rollout[] = []) {
  const rollouts = [...shown];
  return fakeBff({
    'GET /projects/1/rollouts': () => ok({ items: rollouts }),
    'GET /projects/2/rollouts': () => ok({ items: rollouts }),
    'GET /projects/1/devices': () => ok({ items: devices, total: devices.length }),
    'GET /projects/2/devices': () => ok({ items: devices, total: devices.length }),
    'GET /projects/1/firmware': () => ok({ models: [], images: [] }),
    'POST /projects/1/devices/bulk': (req) => {
      const { kind, sns } = req.body as { kind: 'reboot' | 'upgrade'; sns: string[] };
      if (kind === 'upgrade') {
        // the server plans the rollout: the canary (its first device) started, the others wait for their wave
        const started: Rollout = {
          ...halted, id: 8, state: 'running', waves: sns.length, canaryPercent: 10, waveSize: 50, haltPercent: 20, maxDownloads: 10,
          counts: { pending: sns.length - 1, running: 1, succeeded: 0, failed: 0, refused: 0, skipped: 0 },
          devices: sns.map((sn, i) => ({ sn, wave: i === 0 ? 0 : 1, outcome: i === 0 ? 'running' : 'pending', operationId: i === 0 ? 50 : null, error: null })),
        };
        rollouts.unshift(started);
        return ok({ kind, results: sns.map((sn, i) => ({ sn, outcome: 'succeeded', operationId: i === 0 ? 50 : null, error: null })), succeeded: sns.length, refused: 0, failed: 0, rollout: started });
      }
      const results = sns.map((sn, i) =>
        sn === garden.sn
          ? { sn, outcome: 'refused', operationId: null, error: { code: 36, message: 'Device offline: it cannot be changed now' } }
          : { sn, outcome: 'succeeded', operationId: 40 + i, error: null },
      );
      const n = (o: string) => results.filter((r) => r.outcome === o).length;
      return ok({ kind, results, succeeded: n('succeeded'), refused: n('refused'), failed: 0 });
    },
  });
}

describe('bulk actions on the device list', () => {
  it('restarts the chosen devices after a confirmation and lists each result, its progress live', async () => {
    const server = bff([lobby, garden, floor]);
    renderAt(<DeviceConfigListPage />, server.api, '/manage/devconf');
    const user = userEvent.setup();
    await deviceTable();
    await user.click(screen.getByRole('checkbox', { name: 'Select Lobby-AP' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Garden-AP' }));
    const bar = screen.getByRole('group', { name: '2 devices selected' });
    await user.click(within(bar).getByRole('button', { name: 'Restart' }));

    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('Restart 2 devices?');
    expect(server.count('POST', '/projects/1/devices/bulk')).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Restart' }));

    const results = await screen.findByRole('dialog', { name: 'Restart: results' });
    expect(results.textContent).toContain('1 succeeded, 1 refused, 0 failed.');
    const table = within(results).getByRole('table', { name: 'Result per device' });
    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    expect(row('Garden-AP').textContent).toContain('Refused');
    expect(row('Garden-AP').textContent).toContain('Device offline');
    expect(row('Lobby-AP').textContent).toContain('Succeeded');
    expect(server.requests.find((r) => r.method === 'POST')?.body).toMatchObject({ kind: 'reboot' });
    expect((server.requests.find((r) => r.method === 'POST')?.body as { sns: string[] }).sns.sort()).toEqual([lobby.sn, garden.sn].sort());

    // the queued restart's progress arrives live: as the device's record, then as the operation's own event
    const op = { id: 40, revision: 3, projectId: 1, sn: lobby.sn, kind: 'reboot' as const, state: 'running' as const, args: null, error: null, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
    ScriptedEventSource.last.send({ type: 'device', device: { ...lobby, status: 8, operation: op, revision: 3 } });
    await waitFor(() => expect(row('Lobby-AP').textContent).toContain('Running'));
    ScriptedEventSource.last.send({ type: 'operation', operation: { ...op, state: 'done' as const, revision: 4 } });
    await waitFor(() => expect(row('Lobby-AP').textContent).toContain('Done'));

    // the selection was used up
    await user.click(within(results).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('group', { name: /selected/ })).toBeNull();
  });

  it('upgrades the chosen devices as a staged rollout through the bulk action, starting from the rollout defaults, and shows it running', async () => {
    const server = bff([lobby, floor]);
    renderAt(<DeviceConfigListPage />, server.api, '/manage/devconf');
    const user = userEvent.setup();
    await deviceTable();
    await user.click(screen.getByRole('button', { name: 'Select all 2' }));
    await user.click(within(screen.getByRole('group', { name: '2 devices selected' })).getByRole('button', { name: 'Upgrade…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade 2 devices' });
    expect((within(dialog).getByLabelText('Canary group (% of the devices, at least one)') as HTMLInputElement).value).toBe('10');
    expect((within(dialog).getByLabelText('Devices per wave') as HTMLInputElement).value).toBe('50');
    expect((within(dialog).getByLabelText('Stop when more than this % of a wave fails') as HTMLInputElement).value).toBe('20');
    expect((within(dialog).getByLabelText('Most devices upgrading at once') as HTMLInputElement).value).toBe('10');
    // no devices per wave is refused in the page with the rule's sentence, nothing sent
    await user.clear(within(dialog).getByLabelText('Devices per wave'));
    await user.type(within(dialog).getByLabelText('Devices per wave'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Start upgrade' }));
    expect(await within(dialog).findByText('Please enter from 1 to 500 devices per wave')).toBeTruthy();
    expect(server.count('POST', '/projects/1/devices/bulk')).toBe(0);
    await user.clear(within(dialog).getByLabelText('Devices per wave'));
    await user.type(within(dialog).getByLabelText('Devices per wave'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Start upgrade' }));

    // one bulk call of kind upgrade with the plan; the rollout it answered is listed, running
    await screen.findByRole('table', { name: /rollout 8/i });
    expect(server.count('POST', '/projects/1/devices/bulk')).toBe(1);
    const body = server.requests.find((r) => r.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ kind: 'upgrade', canaryPercent: 10, waveSize: 1, haltPercent: 20, maxDownloads: 10 });
    expect((body.sns as string[]).sort()).toEqual([lobby.sn, floor.sn].sort());
    expect(screen.queryByRole('dialog', { name: 'Upgrade 2 devices' })).toBeNull();
    expect(document.querySelector('[data-rollout="8"] [data-rollout-state="running"]')).not.toBeNull();
  });

  it('locates every device at once without asking, and Select all chooses them all', async () => {
    const server = bff([lobby, floor]);
    renderAt(<DeviceConfigListPage />, server.api, '/manage/devconf');
    const user = userEvent.setup();
    await deviceTable();
    await user.click(screen.getByRole('button', { name: 'Select all 2' }));
    await user.click(within(screen.getByRole('group', { name: '2 devices selected' })).getByRole('button', { name: 'Locate' }));
    expect(await screen.findByRole('dialog', { name: 'Locate: results' })).toBeTruthy();
    expect((server.requests.find((r) => r.method === 'POST')?.body as { sns: string[] }).sns.sort()).toEqual([lobby.sn, floor.sn].sort());
  });

  it('sets the LED of the chosen devices with the mode picked, and lists each result', async () => {
    const server = bff([lobby, garden]);
    renderAt(<DeviceConfigListPage />, server.api, '/manage/devconf');
    const user = userEvent.setup();
    await deviceTable();
    await user.click(screen.getByRole('button', { name: 'Select all 2' }));
    await user.click(within(screen.getByRole('group', { name: '2 devices selected' })).getByRole('button', { name: 'LED…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set the LED of 2 devices' });
    expect(server.count('POST', '/projects/1/devices/bulk')).toBe(0);
    await user.selectOptions(within(dialog).getByLabelText('LED mode'), 'off');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const results = await screen.findByRole('dialog', { name: 'LED…: results' });
    expect(results.textContent).toContain('1 succeeded, 1 refused, 0 failed.');
    expect(server.requests.find((r) => r.method === 'POST')?.body).toMatchObject({ kind: 'led', mode: 'off' });
  });

  it('offers no selection on a read-only project, and says why; its rollout history is shown without Resume', async () => {
    renderAt(<DeviceConfigListPage />, bff([lobby, floor], [halted]).api, '/manage/devconf', '/manage/devconf', { project: readOnlyProject });
    await deviceTable();
    expect(screen.queryByRole('checkbox', { name: /^Select / })).toBeNull();
    expect(screen.getByText(/Bulk actions are not available/)).toBeTruthy();
    const history = await screen.findByRole('table', { name: /rollout 7/i });
    const row = (name: string) => within(history).getByText(name).closest('tr') as HTMLElement;
    expect(row('Lobby-AP').textContent).toContain('could not download');
    expect(row('Floor-Switch').textContent).toContain('Already up to date');
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
  });

  it('lets the owner resume a halted rollout', async () => {
    const server = bff([lobby, floor], [halted]);
    renderAt(<DeviceConfigListPage />, server.api, '/manage/devconf');
    await deviceTable();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(server.count('POST', '/projects/1/rollouts/7/resume')).toBe(1));
  });
});
