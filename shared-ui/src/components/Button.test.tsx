import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { Button } from './Button';

afterEach(cleanup);

describe('Button with a disabled reason', () => {
  it('stays reachable by keyboard, ignores clicks and shows the reason under it as its description', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    renderWithProviders(<Button disabled disabledReason="Demo projects are read-only" onClick={onClick}>Delete</Button>);
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.click(button);
    await user.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();
    // visible text, and what a screen reader announces with the button
    const reason = screen.getByText('Demo projects are read-only');
    expect(reason.hidden).toBe(false);
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
  });

  it('in info mode, an ⓘ toggle a keyboard or touch user can open shows the reason', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Button disabled disabledReason="The device is offline" reasonDisplay="info">Reboot</Button>);
    const button = screen.getByRole('button', { name: 'Reboot' });
    const reason = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('The device is offline');
    expect(reason?.hidden).toBe(true);

    await user.tab();
    await user.tab();
    const info = screen.getByRole('button', { name: 'Why is this unavailable?' });
    expect(document.activeElement).toBe(info);
    await user.keyboard('{Enter}');
    expect(info.getAttribute('aria-expanded')).toBe('true');
    expect(reason?.hidden).toBe(false);
    await user.keyboard('{Escape}');
    expect(reason?.hidden).toBe(true);
  });

  it('an enabled button ignores the reason', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    renderWithProviders(<Button disabledReason="not shown" onClick={onClick}>Save</Button>);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.queryByText('not shown')).toBeNull();
  });
});
