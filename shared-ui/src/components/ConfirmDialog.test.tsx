import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { ConfirmDialog } from './ConfirmDialog';

afterEach(cleanup);

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete Lobby
      </button>
      <ConfirmDialog
        open={open}
        danger
        message="Delete project “Lobby”?"
        confirmLabel="Delete"
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('is a labelled dialog 360 px wide that starts on Cancel and keeps Tab inside', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness onConfirm={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Delete Lobby' }));

    const dialog = screen.getByRole('dialog', { name: 'Please confirm' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByText('Delete project “Lobby”?')).toBeTruthy();
    expect(getComputedStyle(dialog).width).toBe('360px');

    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(document.activeElement).toBe(cancel);
    await user.tab();
    expect(document.activeElement).toBe(confirm);
    await user.tab();
    expect(document.activeElement).toBe(cancel); // wrapped, never reached the page behind
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(confirm);
  });

  it('Esc cancels without confirming and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderWithProviders(<Harness onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Delete Lobby' });
    await user.click(opener);
    expect(screen.getByRole('dialog')).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });

  it('makes the page behind inert while open, and live again after', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness onConfirm={() => {}} />);
    const opener = screen.getByRole('button', { name: 'Delete Lobby' });
    await user.click(opener);
    expect(opener.closest('[inert]')).not.toBeNull();
    expect(screen.getByRole('dialog').closest('[inert]')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(opener.closest('[inert]')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('confirm runs the action', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderWithProviders(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete Lobby' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
