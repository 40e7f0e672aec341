// The owner's transfer: the offer is sent only from the dialog that warns the project will no longer
// be theirs; a pending offer is shown and can be withdrawn after a confirmation.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TransferItem } from '@airloom/contracts';
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
    const bff = fakeBff({
      'GET /projects/7/shares': () => ok({ items: [], total: 0 }),
      'GET /projects/7/transfer': () => ok({ transfer: current }),
      'POST /projects/7/transfer': () => ((current = offer), ok(offer, 201)),
      'DELETE /projects/7/transfer': () => ((current = null), ok(null)),
    });
    renderPage(<SharingPage />, bff.api, { project: owned, path: '/manage/authority' });
    await user.click(await screen.findByRole('button', { name: 'Transfer project…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer Harbour Hotel' });
    expect(dialog.textContent).toContain('Harbour Hotel is no longer yours');
    await user.type(within(dialog).getByLabelText(/Account/), 'Eve@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText(/An offer to eve@example.com waits for an answer/)).toBeTruthy();
    expect(bff.requests.find((r) => r.method === 'POST')?.body).toEqual({ account: 'eve@example.com' });

    await user.click(screen.getByRole('button', { name: 'Withdraw offer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw the offer?' });
    expect(bff.count('DELETE', '/projects/7/transfer')).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw offer' }));
    await waitFor(() => expect(screen.queryByText(/waits for an answer/)).toBeNull());
    expect(bff.count('DELETE', '/projects/7/transfer')).toBe(1);
  });
});
