import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode } from '@airloom/contracts';
import { renderRemotePage } from '@airloom/shared-ui/testing';
import { SolutionListPage } from './SolutionListPage';
import { fakeBff, listItem, ok, refused } from '../../test-harness';

afterEach(cleanup);

const own = listItem({ id: 7, name: 'Seaview Hotel', sharedAccounts: ['bob@example.com'] });
const shared = listItem({ id: 8, name: 'Harbour Mall', scenario: 'mall', owner: 'carl@example.com', readOnly: true, type: 'mesh', policy: 'cost', modifiedAt: '2026-10-05T08:15:00.000Z' });

function row(name: string): HTMLElement {
  return screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
}

describe('SolutionListPage', () => {
  it('lists each solution with its scenario, modified date, shared account, type and preferred policy', async () => {
    const bff = fakeBff({ 'GET /solutions': () => ok({ items: [own, shared], total: 2 }) });
    renderRemotePage(<SolutionListPage />, bff.api, { path: '/overview/solutions' });
    const table = await screen.findByRole('table', { name: 'Saved solutions' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const mall = row('Harbour Mall');
    for (const text of ['Mall', '2026-10-05 08:15', 'MESH', 'Lowest cost']) expect(within(mall).getByText(text)).toBeTruthy();
    expect(within(mall).getByText('Read only')).toBeTruthy();
    expect(within(mall).getByText(/carl@example.com/)).toBeTruthy();
    expect(within(row('Seaview Hotel')).getByText('bob@example.com')).toBeTruthy();
  });

  it('offers delete only on your own solutions; opening one goes to the designer', async () => {
    const user = userEvent.setup();
    const bff = fakeBff({ 'GET /solutions': () => ok({ items: [own, shared], total: 2 }) });
    const { mfe } = renderRemotePage(<SolutionListPage />, bff.api, { path: '/overview/solutions' });
    await screen.findByRole('table', { name: 'Saved solutions' });
    expect(within(row('Harbour Mall')).queryByRole('button', { name: 'Delete Harbour Mall' })).toBeNull();
    expect(within(row('Seaview Hotel')).getByRole('button', { name: 'Delete Seaview Hotel' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open Harbour Mall' }));
    expect(mfe.navigate).toHaveBeenCalledWith('/overview/solutions/8');
  });

  it('an empty list says what the designer does and offers to start', async () => {
    const user = userEvent.setup();
    const bff = fakeBff({ 'GET /solutions': () => ok({ items: [], total: 0 }) });
    const { mfe } = renderRemotePage(<SolutionListPage />, bff.api, { path: '/overview/solutions' });
    expect(await screen.findByText('No solution yet')).toBeTruthy();
    const starts = screen.getAllByRole('button', { name: 'Design a solution' });
    await user.click(starts[starts.length - 1]!);
    expect(mfe.navigate).toHaveBeenCalledWith('/overview/solutions/new');
  });

  it('deletes after a confirmation naming the solution, and shows the server’s refusal in words', async () => {
    const user = userEvent.setup();
    let items = [own];
    let refuse = true;
    const bff = fakeBff({
      'GET /solutions': () => ok({ items, total: items.length }),
      'DELETE /solutions/7': () => {
        if (refuse) return refused(ErrorCode.DATA_NOT_FOUND, 'This solution does not exist or is not shared with you.');
        items = [];
        return ok(null);
      },
    });
    renderRemotePage(<SolutionListPage />, bff.api, { path: '/overview/solutions' });
    await screen.findByRole('table', { name: 'Saved solutions' });

    await user.click(screen.getByRole('button', { name: 'Delete Seaview Hotel' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/"Seaview Hotel" and its shares and links are deleted/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bff.count('DELETE', '/solutions/7')).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Delete Seaview Hotel' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/does not exist/)).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Seaview Hotel' })).toBeTruthy();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Delete Seaview Hotel' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Seaview Hotel' })).toBeNull());
    expect(screen.getByText('No solution yet')).toBeTruthy();
  });
});
