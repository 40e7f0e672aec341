import { describe, expect, it, vi } from 'vitest';
import { render, screen, fireEvent } from '@testing-library/react';
import { AppProviders, addResources } from '@airloom/shared-ui';
import { LOADING_STATE_TEXTS, type LoadingState } from '@airloom/contracts';
import { shellEn } from '../i18n/en';
import { LoadingOverlay } from './LoadingOverlay';

addResources('shell', shellEn);

function renderOverlay(state: LoadingState) {
  const behind = vi.fn();
  const utils = render(
    <AppProviders>
      <button type="button" onClick={behind}>Save project</button>
      <LoadingOverlay state={state} />
    </AppProviders>,
  );
  return { ...utils, behind };
}

describe('LoadingOverlay', () => {
  it.each(['saving', 'loading', 'uploading', 'jumping'] as const)('covers the page with its own text while %s', (state) => {
    renderOverlay(state);
    expect(screen.getByTestId('loading-overlay')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(LOADING_STATE_TEXTS[state]);
  });

  it('has a different text for each state', () => {
    const texts = (['saving', 'loading', 'uploading', 'jumping'] as const).map((s) => LOADING_STATE_TEXTS[s]);
    expect(new Set(texts).size).toBe(4);
  });

  it('is hidden at end, leaving an empty live region', () => {
    renderOverlay('end');
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('assertive');
    expect(status.textContent).toBe('');
  });

  it('blocks clicks on what is underneath while shown', () => {
    const { behind } = renderOverlay('saving');
    fireEvent.click(screen.getByTestId('loading-overlay'));
    expect(behind).not.toHaveBeenCalled();
    const backdrop = screen.getByTestId('loading-overlay');
    expect(getComputedStyle(backdrop).position).toBe('fixed');
  });

  it('takes the keyboard focus while shown and gives it back at end', () => {
    const { rerender } = render(
      <AppProviders>
        <button type="button">Save project</button>
        <LoadingOverlay state="end" />
      </AppProviders>,
    );
    const button = screen.getByRole('button', { name: 'Save project' });
    button.focus();
    rerender(
      <AppProviders>
        <button type="button">Save project</button>
        <LoadingOverlay state="saving" />
      </AppProviders>,
    );
    expect(document.activeElement).not.toBe(button);
    rerender(
      <AppProviders>
        <button type="button">Save project</button>
        <LoadingOverlay state="end" />
      </AppProviders>,
    );
    expect(document.activeElement).toBe(button);
  });
});
