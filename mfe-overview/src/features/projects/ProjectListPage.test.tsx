import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProjectListPage } from './ProjectListPage';
import { demoProjects, fakeBff, project, renderPage } from '../../test-harness';

afterEach(cleanup);

const own = [
  project({ id: 1, projectName: 'Harbour Hotel', location: 'Lisbon' }),
  project({ id: 2, projectName: 'City Campus', scenario: 'campus', netMode: 1, location: 'Porto' }),
  project({ id: 3, projectName: 'Shared Office', right: 'r', property: 'invited-r', isShare: true }),
];

function listBff(items = [...own, ...demoProjects]) {
  return fakeBff({ 'GET /projects': () => ({ body: { code: 0, data: { items, total: items.length } } }) });
}

async function table() {
  return screen.findByRole('table', { name: 'Projects' });
}

function row(name: string): HTMLElement {
  const cell = screen.getByRole('cell', { name });
  return cell.closest('tr') as HTMLElement;
}

describe('ProjectListPage', () => {
  it('search filters the list', async () => {
    const user = userEvent.setup();
    renderPage(<ProjectListPage />, listBff().api);
    const projects = await table();
    expect(within(projects).getAllByRole('row')).toHaveLength(1 + 5);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'porto');
    const rows = within(projects).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByRole('cell', { name: 'City Campus' })).toBeTruthy();
    expect(screen.getByText('1–1 of 1')).toBeTruthy();
  });

  it('demo and read-only rows have no edit or delete; own rows do', async () => {
    renderPage(<ProjectListPage />, listBff().api);
    await table();
    for (const name of ['Demo WLAN', 'Demo MESH']) {
      const r = row(name);
      expect(within(r).getByText('Demo')).toBeTruthy();
      expect(within(r).getByRole('button', { name: `Open ${name}` })).toBeTruthy();
      expect(within(r).queryByRole('button', { name: `Edit ${name}` })).toBeNull();
      expect(within(r).queryByRole('button', { name: `Delete ${name}` })).toBeNull();
    }
    expect(within(row('Shared Office')).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    expect(within(row('Harbour Hotel')).getByRole('button', { name: 'Edit Harbour Hotel' })).toBeTruthy();
    expect(within(row('Harbour Hotel')).getByRole('button', { name: 'Delete Harbour Hotel' })).toBeTruthy();
  });

  it('delete asks for confirmation naming the project, and shows the refusal of the server', async () => {
    const user = userEvent.setup();
    const bff = fakeBff({
      'GET /projects': () => ({ body: { code: 0, data: { items: own, total: own.length } } }),
      'DELETE /projects/1': () => ({ status: 403, body: { code: 173, message: 'read-only' } }),
    });
    renderPage(<ProjectListPage />, bff.api);
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete Harbour Hotel' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete project' });
    expect(dialog.textContent).toContain('Delete project “Harbour Hotel”?');
    expect(bff.requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(bff.requests.filter((r) => r.method === 'DELETE')).toEqual([{ method: 'DELETE', path: '/projects/1', body: undefined }]);
    expect((await screen.findByRole('alert')).textContent).toContain('Only the owner of this project can delete it.');
  });

  it('deleting a project with devices says how many devices will be unbound', async () => {
    const user = userEvent.setup();
    const bff = fakeBff({
      'GET /projects': () => ({ body: { code: 0, data: { items: own, total: own.length } } }),
      'GET /projects/1/devices/summary': () => ({ body: { code: 0, data: { byType: [], online: 9, offline: 2, restarting: 1, clients: 30, alarms: 0 } } }),
      'GET /projects/2/devices/summary': () => ({ body: { code: 0, data: { byType: [], online: 0, offline: 0, restarting: 0, clients: 0, alarms: 0 } } }),
    });
    renderPage(<ProjectListPage />, bff.api);
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete Harbour Hotel' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete project' });
    await waitFor(() => expect(dialog.textContent).toContain('Its 12 devices are unbound from it and can be added to another project.'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // an empty project: nothing to say about devices
    await user.click(screen.getByRole('button', { name: 'Delete City Campus' }));
    const again = screen.getByRole('dialog', { name: 'Delete project' });
    await waitFor(() => expect(bff.count('GET', '/projects/2/devices/summary')).toBe(1));
    expect(again.textContent).not.toMatch(/unbound/);
  });

  it('a live-demo session gets no create button', async () => {
    renderPage(<ProjectListPage />, listBff(demoProjects).api, { demo: true });
    await table();
    expect(screen.queryByRole('button', { name: 'Create project' })).toBeNull();
  });

  it('open makes the project current and goes to network status', async () => {
    const user = userEvent.setup();
    const { mfe } = renderPage(<ProjectListPage />, listBff().api);
    await table();
    await user.click(screen.getByRole('button', { name: 'Open Demo MESH' }));
    expect(mfe.openProject).toHaveBeenCalledWith({ id: 600000, right: 'r', netMode: 1, projectName: 'Demo MESH', owner: false });
    expect(mfe.navigate).toHaveBeenCalledWith('/manage/status');
  });
});
