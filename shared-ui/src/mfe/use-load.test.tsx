import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useLoad } from './use-load';

afterEach(cleanup);

function Probe({ load, initial }: { load: (signal: AbortSignal) => Promise<string>; initial?: string }) {
  const loaded = useLoad(load, initial);
  return (
    <>
      <p>{loaded.loading ? 'loading' : (loaded.data ?? 'nothing')}</p>
      <button type="button" onClick={loaded.reload}>
        again
      </button>
    </>
  );
}

describe('useLoad', () => {
  it('loads when first shown', async () => {
    const load = vi.fn(async () => 'fresh');
    render(<Probe load={load} />);
    expect(screen.getByRole('paragraph').textContent).toBe('loading');
    await screen.findByText('fresh');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows an answer already in hand at once, without loading it again, and loads on reload', async () => {
    const load = vi.fn(async () => 'fresh');
    render(<Probe load={load} initial="in hand" />);
    expect(screen.getByRole('paragraph').textContent).toBe('in hand');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(load).not.toHaveBeenCalled();
    await act(async () => {
      screen.getByRole('button', { name: 'again' }).click();
    });
    await screen.findByText('fresh');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
