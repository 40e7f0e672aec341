import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
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
    renderScreen(<DeviceListPanel brands={['Airloom', 'NetHaven']} version={0} exportAllowed />, api);
    const table = await screen.findByRole('table', { name: 'Activated devices' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('51 devices')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Type'), 'Switch');
    await user.selectOptions(screen.getByLabelText('Brand'), 'NetHaven');
    await user.type(screen.getByLabelText('Model'), 'AL-SW24P');
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
  });

  it('sorts on the server by a sortable column, and pages 50 at a time', async () => {
    const user = userEvent.setup();
    const { api, to } = bff();
    renderScreen(<DeviceListPanel brands={[]} version={0} exportAllowed />, api);
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
    renderScreen(<DeviceListPanel brands={[]} version={0} exportAllowed={false} />, api);
    await screen.findByRole('table', { name: 'Activated devices' });
    expect(screen.queryByRole('link', { name: 'Export .xlsx' })).toBeNull();
  });
});
