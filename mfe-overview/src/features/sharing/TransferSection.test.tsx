// The owner's transfer: the offer is sent only from the dialog that warns the project will no longer
// be theirs; a pending offer is shown and can be withdrawn after a confirmation; the project's
// transfer history lists every offer and what became of it.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TransferHistoryItem, TransferItem } from '@airloom/contracts';
import type { ProjectRef } from '@airloom/shared-ui';
import { SharingPage } from './SharingPage';
import { fakeBff, renderPage } from '../../test-harness';

afterEach(cleanup);

const owned: ProjectRef = { id: 7, projectName: 'Harbour Hotel', right: 'rw', netMode: 0, owner: true };
const offer: TransferItem = { id: 4, projectId: 7, projectName: 'Harbour Hotel', from: 'ann@example.com', to: 'eve@example.com', status: 'pending', expiresAt: '2026-11-27T10:00:00.000Z' };
const ok = (data: unknown, status = 200) => ({ status, body: { code: 0, data } });

describe('TransferSection', () => {
  it('sends an offer from a dialog that warns, then shows it pending and withdraws it after a confirmation', async () => {
    const user = userEvent.setup();
    let current: TransferItem | null = null;
    // how the project came to Ann, before this test's offer
    const earlier: TransferHistoryItem = { id: 2, from: 'bob@example.com', to: 'ann@example.com', status: 'accepted', offeredAt: '2026-10-01T08:00:00.000Z', decidedAt: '2026-10-02T09:30:00.000Z', expiresAt: '2026-10-04T08:00:00.000Z' };
    let history: TransferHistoryItem[] = [earlier];
    const bff = fakeBff({
      'GET /projects/7/shares': () => ok({ items: [], total: 0 }),
      'GET /projects/7/transfer': () => ok({ transfer: current }),
      'GET /projects/7/transfers': () => ok({ items: history }),
      'POST /projects/7/transfer': () => {
        current = offer;
        history = [{ id: 4, from: offer.from, to: offer.to, status: 'pending', offeredAt: '2026-11-24T10:00:00.000Z', decidedAt: null, expiresAt: offer.expiresAt }, ...history];
        return ok(offer, 201);
      },
      'DELETE /projects/7/transfer': () => {
        current = null;
        history = history.map((h) => (h.status === 'pending' ? { ...h, status: 'cancelled', decidedAt: '2026-11-24T11:00:00.000Z' } : h));
        return ok(null);
      },
    });
    renderPage(<SharingPage />, bff.api, { project: owned, path: '/manage/authority' });
    const historyItems = async () => within(await screen.findByRole('region', { name: 'Transfer history' })).getAllByRole('listitem').map((li) => li.textContent);
    await waitFor(async () => expect(await historyItems()).toHaveLength(1));
    expect((await historyItems())[0]).toMatch(/^bob@example.com offered the project to ann@example.com on .+: accepted on .+2026/);
    await user.click(await screen.findByRole('button', { name: 'Transfer project…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer Harbour Hotel' });
    expect(dialog.textContent).toContain('Harbour Hotel is no longer yours');
    await user.type(within(dialog).getByLabelText(/Account/), 'Eve@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText(/An offer to eve@example.com waits for an answer/)).toBeTruthy();
    expect(bff.requests.find((r) => r.method === 'POST')?.body).toEqual({ account: 'eve@example.com' });
    await waitFor(async () => expect(await historyItems()).toHaveLength(2));
    expect((await historyItems())[0]).toMatch(/^ann@example.com offered the project to eve@example.com on .+: waits for an answer until /);

    await user.click(screen.getByRole('button', { name: 'Withdraw offer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw the offer?' });
    expect(bff.count('DELETE', '/projects/7/transfer')).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw offer' }));
    await waitFor(() => expect(screen.queryByText(/waits for an answer/)).toBeNull());
    expect(bff.count('DELETE', '/projects/7/transfer')).toBe(1);
    await waitFor(async () => expect((await historyItems())[0]).toMatch(/eve@example.com on .+: withdrawn or replaced by a newer offer on /));
  });
});
