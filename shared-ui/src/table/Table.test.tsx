import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { Table } from './Table';
import type { TableColumn, TableSort } from './table-model';

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

  it('shows pinned rows first whatever the sort', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Table label="Sites" columns={columns} data={sites} getRowId={(s) => String(s.id)} pinnedRowIds={['3']} />);
    expect(bodyNames()).toEqual(['Campus', 'Lobby', 'Airport']);
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(bodyNames()).toEqual(['Campus', 'Airport', 'Lobby']);
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(bodyNames()).toEqual(['Campus', 'Lobby', 'Airport']);
  });

  describe('wide tables', () => {
    interface Device {
      sn: string;
      name: string;
      status: string;
      mac: string;
      mode: string;
    }
    const deviceColumns: TableColumn<Device>[] = [
      { id: 'name', header: 'Name', value: (d) => d.name, hideable: false },
      { id: 'status', header: 'Status', value: (d) => d.status },
      { id: 'mac', header: 'MAC', value: (d) => d.mac, defaultHidden: true },
      { id: 'mode', header: 'Mode', value: (d) => d.mode },
    ];
    const devices: Device[] = [
      { sn: 'A', name: 'AP-Lobby', status: 'Online', mac: '02:00:00:00:00:01', mode: 'cloud' },
      { sn: 'B', name: 'AP-Bar', status: 'Offline', mac: '02:00:00:00:00:02', mode: 'local' },
    ];
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''));

    function Chooser({ initial, onChange }: { initial: string[] | null; onChange?: (hidden: string[]) => void }) {
      const [hidden, setHidden] = useState<string[] | null>(initial);
      return (
        <Table
          label="Devices"
          columns={deviceColumns}
          data={devices}
          getRowId={(d) => d.sn}
          searchable={false}
          rowActions={(d) => <button type="button">Reboot {d.name}</button>}
          columnChooser={{
            hidden,
            onChange: (next) => {
              setHidden(next);
              onChange?.(next);
            },
          }}
        />
      );
    }

    it('keeps the name column and the actions column in view while the rest scrolls sideways', () => {
      renderWithProviders(<Chooser initial={null} />);
      const name = screen.getByRole('columnheader', { name: /Name/ });
      const actions = screen.getByRole('columnheader', { name: 'Actions' });
      expect(name.dataset.sticky).toBe('start');
      expect(actions.dataset.sticky).toBe('end');
      const firstRow = within(screen.getByRole('table', { name: 'Devices' })).getAllByRole('row')[1]!;
      const cells = within(firstRow).getAllByRole('cell');
      expect(cells[0]!.dataset.sticky).toBe('start');
      expect(cells[cells.length - 1]!.dataset.sticky).toBe('end');
      expect(cells.slice(1, -1).every((c) => c.dataset.sticky === undefined)).toBe(true);
    });

    it('hides default-hidden columns until chosen; the chooser shows and hides columns and reports the choice', async () => {
      const user = userEvent.setup();
      const changed = vi.fn();
      renderWithProviders(<Chooser initial={null} onChange={changed} />);
      expect(headers()).toEqual(['Name', 'Status', 'Mode', 'Actions']);

      const chooser = screen.getByRole('button', { name: 'Columns (3/4)' });
      expect(chooser.getAttribute('aria-expanded')).toBe('false');
      await user.click(chooser);
      const group = screen.getByRole('group', { name: 'Show columns' });
      // the row's name cannot be hidden: it is not offered
      expect(within(group).queryByRole('checkbox', { name: 'Name' })).toBeNull();
      expect((within(group).getByRole('checkbox', { name: 'MAC' }) as HTMLInputElement).checked).toBe(false);

      await user.click(within(group).getByRole('checkbox', { name: 'MAC' }));
      expect(headers()).toEqual(['Name', 'Status', 'MAC', 'Mode', 'Actions']);
      expect(changed).toHaveBeenLastCalledWith([]);

      await user.click(within(group).getByRole('checkbox', { name: 'Mode' }));
      expect(headers()).toEqual(['Name', 'Status', 'MAC', 'Actions']);
      expect(changed).toHaveBeenLastCalledWith(['mode']);
      expect(screen.getByRole('cell', { name: '02:00:00:00:00:01' })).toBeTruthy();

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('group', { name: 'Show columns' })).toBeNull();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Columns (3/4)' }));
    });

    it("applies a stored choice and ignores ids that are not hideable or no longer exist", () => {
      renderWithProviders(<Chooser initial={['status', 'name', 'gone']} />);
      expect(headers()).toEqual(['Name', 'MAC', 'Mode', 'Actions']);
    });

    it('sorts under the page\'s control when given sort and onSortChange', async () => {
      const user = userEvent.setup();
      const seen: (TableSort | null)[] = [];
      function Controlled() {
        const [sort, setSort] = useState<TableSort | null>({ id: 'name', desc: true });
        return (
          <Table
            label="Sites"
            columns={columns}
            data={sites}
            getRowId={(s) => String(s.id)}
            sort={sort}
            onSortChange={(next) => {
              seen.push(next);
              setSort(next);
            }}
          />
        );
      }
      renderWithProviders(<Controlled />);
      expect(bodyNames()).toEqual(['Lobby', 'Campus', 'Airport']);
      await user.click(screen.getByRole('button', { name: /Devices/ }));
      expect(seen).toEqual([{ id: 'devices', desc: false }]);
      expect(bodyNames()).toEqual(['Airport', 'Lobby', 'Campus']);
    });
  });
});
