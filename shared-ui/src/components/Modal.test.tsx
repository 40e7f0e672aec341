import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { Button } from './Button';
import { Modal } from './Modal';

afterEach(cleanup);

function Harness({ withField = true }: { withField?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Create project</button>
      <Modal open={open} title="Create project" onClose={() => setOpen(false)} footer={<Button onClick={() => setOpen(false)}>Cancel</Button>}>
        {withField ? <label>Project name <input /></label> : <p>Nothing to fill in.</p>}
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('opens with focus on the first field, not on the close button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Project name' }));
    // × is still one Shift+Tab away
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('without a field in the body, starts on the first footer button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness withField={false} />);
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });
});
