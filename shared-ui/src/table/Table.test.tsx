import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { Table } from './Table';
import type { TableColumn } from './table-model';

afterEach(cleanup);

interface Site {
  id: number;
  name: string;
  devices: number;
}

const columns: TableColumn<Site>[] = [
  { id: 'name', header: 'Name', value: (s) => s.name },
  { id: 'devices', header: 'Devices', value: (s) => s.devices },
];

const sites: Site[] = [
  { id: 1, name: 'Lobby', devices: 12 },
  { id: 2, name: 'Airport', devices: 3 },
  { id: 3, name: 'Campus', devices: 40 },
];

const many: Site[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Site ${String(i + 1).padStart(2, '0')}`, devices: i }));

function bodyNames(): string[] {
  const table = screen.getByRole('table', { name: 'Sites' });
  const rows = within(table).getAllByRole('row').slice(1); // skip the header row
  return rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent ?? '');
}

describe('Table', () => {
  it('has real column headers with sort buttons and sorts both ways (aria-sort)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Table label="Sites" columns={columns} data={sites} getRowId={(s) => String(s.id)} />);
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader.tagName).toBe('TH');
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
    expect(bodyNames()).toEqual(['Lobby', 'Airport', 'Campus']);

    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(bodyNames()).toEqual(['Airport', 'Campus', 'Lobby']);

    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');
    expect(bodyNames()).toEqual(['Lobby', 'Campus', 'Airport']);

    // numbers sort as numbers, not as text ("12" < "3")
    await user.click(screen.getByRole('button', { name: /Devices/ }));
    expect(bodyNames()).toEqual(['Airport', 'Lobby', 'Campus']);
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
  });

  it('searches case-insensitively and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Table label="Sites" columns={columns} data={sites} getRowId={(s) => String(s.id)} />);
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, 'camp');
    expect(bodyNames()).toEqual(['Campus']);
    expect(screen.getByText('1–1 of 1')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByText('Nothing matches “zzz”')).toBeTruthy();
  });

  it('pages with "x–y of n" and a page-size choice', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Table label="Sites" columns={columns} data={many} getRowId={(s) => String(s.id)} />);
    expect(bodyNames()).toHaveLength(10);
    expect(screen.getByText('1–10 of 25')).toBeTruthy();
    const previous = screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('21–25 of 25')).toBeTruthy();
    expect(bodyNames()[0]).toBe('Site 21');
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(bodyNames()).toHaveLength(25);
    expect(screen.getByText('1–25 of 25')).toBeTruthy();
  });

  it('shows the empty state when there are no rows, and row actions per row', async () => {
    renderWithProviders(
      <Table label="Sites" columns={columns} data={[]} getRowId={(s) => String(s.id)} empty={<p>No sites yet</p>} />,
    );
    expect(screen.getByText('No sites yet')).toBeTruthy();
    cleanup();
    renderWithProviders(
      <Table
        label="Sites"
        columns={columns}
        data={sites}
        getRowId={(s) => String(s.id)}
        rowActions={(s) => <button type="button">Edit {s.name}</button>}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Lobby' })).toBeTruthy();
  });

  it('virtualises a page with many rows: only rows in view are in the DOM', () => {
    const big = Array.from({ length: 500 }, (_, i) => ({ id: i, name: `Row ${i}`, devices: i }));
    renderWithProviders(<Table label="Sites" columns={columns} data={big} getRowId={(s) => String(s.id)} initialPageSize={500} />);
    const rendered = bodyNames().filter((n) => n.startsWith('Row '));
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(100);
    expect(screen.getByText('1–500 of 500')).toBeTruthy();
  });
});
