import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { renderWithProviders } from '../test/render';
import { useNotice } from './Notice';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Saves({ message, timeout }: { message: string; timeout?: number }) {
  const { notify } = useNotice();
  useEffect(() => notify({ message, tone: 'success', timeout }), [notify, message, timeout]);
  return null;
}

describe('notices', () => {
  it('a passing notice is read out as a status and goes away by itself after its time', () => {
    vi.useFakeTimers();
    renderWithProviders(<Saves message="Saved" timeout={5000} />);
    expect(screen.getByRole('status').textContent).toContain('Saved');
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.queryByText('Saved')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('leaves no timer behind when the page that showed it is gone', () => {
    vi.useFakeTimers();
    const { unmount } = renderWithProviders(<Saves message="Saved" timeout={5000} />);
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    unmount();
    // a timer left running would update an app root that no longer exists (it failed a test run
    // whose page was torn down before the notice's five seconds were up)
    expect(vi.getTimerCount()).toBe(0);
  });
});
