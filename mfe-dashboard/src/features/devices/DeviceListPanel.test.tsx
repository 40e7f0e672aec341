import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import type { ActivationEvent } from '@airloom/contracts';
import type { ActivationListener } from '../../live/useActivationLive';
import userEvent from '@testing-library/user-event';
import { DeviceListPanel } from './DeviceListPanel';
import { activation, fakeApi, listOf, ok, renderScreen } from '../../test-harness';

afterEach(cleanup);

const rows = Array.from({ length: 50 }, (_, i) => activation({ sn: `ALSW${String(i).padStart(12, '0')}` }));

function bff() {
  return fakeApi({ 'GET /activations': (q) => ok(listOf(q.get('page') === '2' ? [activation({ sn: 'ALAPLAST00000001', type: 'ap' })] : rows, 51, Number(q.get('page') ?? 1))) });
}

describe('the base device list', () => {
  it('filters by type, brand, model, country and time range, and exports exactly that filter', async () => {
    const user = userEvent.setup();
    const { api, to } = bff();
    renderScreen(<DeviceListPanel brands={['Airloom', 'NetHaven']} exportAllowed />, api);
    const table = await screen.findByRole('table', { name: 'Activated devices' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('51 devices')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Type'), 'Switch');
    await user.selectOptions(screen.getByLabelText('Brand'), 'NetHaven');
    // pasted, not typed key by key: each key re-renders the 51 rows, which took a loaded CI machine
    // past the test's time
    await user.click(screen.getByLabelText('Model'));
    await user.paste('AL-SW24P');
    await user.type(screen.getByLabelText('Country'), 'de');
    // a date picker hands over the whole day at once
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(Object.fromEntries(to('/activations').at(-1)!.query)).toEqual({
      type: 'switch', brand: 'NetHaven', model: 'AL-SW24P', country: 'DE', from: '2026-11-01', to: '2026-11-20', sort: 'activatedAt', order: 'desc', page: '1',
    }));
    const link = screen.getByRole('link', { name: 'Export .xlsx' });
    expect(link.getAttribute('href')).toBe('/api/v1/activations/export.xlsx?type=switch&brand=NetHaven&model=AL-SW24P&country=DE&from=2026-11-01&to=2026-11-20&sort=activatedAt&order=desc');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(Object.fromEntries(to('/activations').at(-1)!.query)).toEqual({ sort: 'activatedAt', order: 'desc', page: '1' }));
  }, 30_000); // seven filter changes, each re-rendering 51 rows in the DOM emulation: 16 s on a loaded machine

  it('sorts on the server by a sortable column, and pages 50 at a time', async () => {
    const user = userEvent.setup();
    const { api, to } = bff();
    renderScreen(<DeviceListPanel brands={[]} exportAllowed />, api);
    await screen.findByRole('table', { name: 'Activated devices' });
    await user.click(screen.getByRole('button', { name: /^Model/ }));
    await waitFor(() => expect(to('/activations').at(-1)!.query.get('sort')).toBe('model'));
    expect(to('/activations').at(-1)!.query.get('order')).toBe('asc');

    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next 50' }));
    await screen.findByText('ALAPLAST00000001');
    expect(to('/activations').at(-1)!.query.get('page')).toBe('2');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next 50' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers no export where a download could not carry the sign-in (a wall display with a key)', async () => {
    const { api } = bff();
    renderScreen(<DeviceListPanel brands={[]} exportAllowed={false} />, api);
    await screen.findByRole('table', { name: 'Activated devices' });
    expect(screen.queryByRole('link', { name: 'Export .xlsx' })).toBeNull();
  });

  it('shows live activations without reading the list again; what it cannot place, it counts and reads again on request', async () => {
    const user = userEvent.setup();
    const { api, to } = bff();
    const listeners = new Set<ActivationListener>();
    const subscribe = (l: ActivationListener) => (listeners.add(l), () => void listeners.delete(l));
    const send = (event: ActivationEvent) => act(() => listeners.forEach((l) => l(event)));
    let reconnected = () => {};
    function Wired() {
      const [reconnects, setReconnects] = useState(0);
      reconnected = () => setReconnects((n) => n + 1);
      return <DeviceListPanel brands={[]} live={{ subscribe, reconnects }} exportAllowed />;
    }
    renderScreen(<Wired />, api);
    const table = await screen.findByRole('table', { name: 'Activated devices' });
    await screen.findByText('51 devices');
    const reads = to('/activations').length;

    // page 1, newest first: a first activation goes to the top, the count follows, the server is not asked
    send({ type: 'activation', first: true, activation: activation({ sn: 'ALAPLIVE00000001', type: 'ap' }) });
    await screen.findByText('52 devices');
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('ALAPLIVE00000001');
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    // a device on the page seen again from elsewhere: its row shows where it is now
    send({ type: 'activation', first: false, activation: { ...rows[0]!, city: 'Lyon' } });
    await within(table).findByText('Lyon');
    expect(to('/activations')).toHaveLength(reads);

    // on page 2 a new record's place is not known here: counted, read again when asked
    await user.click(screen.getByRole('button', { name: 'Next 50' }));
    await screen.findByText('ALAPLAST00000001');
    const onPage2 = to('/activations').length;
    send({ type: 'activation', first: true, activation: activation({ sn: 'ALAPLIVE00000002' }) });
    send({ type: 'activation', first: true, activation: activation({ sn: 'ALAPLIVE00000003' }) });
    await screen.findByText('2 activations since this page was read may change it');
    expect(to('/activations')).toHaveLength(onPage2);
    await user.click(screen.getByRole('button', { name: 'Read the list again' }));
    await waitFor(() => expect(to('/activations')).toHaveLength(onPage2 + 1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Read the list again' })).toBeNull());

    // back after a break in the stream: what it missed is unknown, so the list is read again
    act(() => reconnected());
    await waitFor(() => expect(to('/activations')).toHaveLength(onPage2 + 2));
  });
});
