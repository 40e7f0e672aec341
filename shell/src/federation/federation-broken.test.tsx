import type { MeResponse } from '@airloom/contracts';
// A remote that loads but breaks while mounting: single-spa marks it broken for good, so Retry
// must register a fresh application. Real single-spa (its own module instance in this file).
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LifeCycles } from 'single-spa';
import { AppProviders, addResources, type MfeProps } from '@airloom/shared-ui';
import { shellEn } from '../i18n/en';
import { RouteContent } from '../routing/RouteContent';
import { navigate } from '@airloom/shared-ui';
import { shellStore } from '../state/shell-store';
import { createFederation, type RemoteCustomProps } from './federation';

addResources('shell', shellEn);

describe('a remote that breaks while mounting', () => {
  it('shows the failure view, and Retry mounts it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let mountAttempts = 0;
    const app: LifeCycles<RemoteCustomProps> = {
      bootstrap: async () => undefined,
      mount: async (props) => {
        mountAttempts += 1;
        if (mountAttempts === 1) throw new Error('render failed');
        props.domElement.textContent = 'overview is up';
      },
      unmount: async (props) => { props.domElement.textContent = ''; },
    };
    const session: MeResponse = { account: 'a@example.com', nick: 'A', role: 0, demo: false };
    const federation = createFederation({
      store: shellStore,
      registerRuntimeRemotes: () => undefined,
      loadModule: async () => app,
      isActive: (_remote, location) => location.pathname.startsWith('/overview/'),
      buildProps: (): MfeProps => ({
        session, project: null, setLoading: () => undefined, navigate: () => undefined, openProject: () => undefined,
        api: { call: vi.fn() },
      }),
    });
    // the Retry under way: the test ends only once it has settled (the button's busy state is set
    // after it, and must not land after the test's window is gone)
    let retried: Promise<void> | undefined;
    navigate('/overview/preview', { replace: true });
    shellStore.setState({ session, remotes: [{ name: 'overview', entry: '/remotes/overview/mf-manifest.json' }] });
    render(
      <AppProviders>
        <RouteContent retry={(remote) => (retried = federation.retry(remote))} />
        <div data-testid="remote-container" ref={(el) => federation.setContainer(el)} />
      </AppProviders>,
    );
    act(() => federation.start(shellStore.getState().remotes ?? []));

    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('remote-container').textContent).toBe('overview is up'));
    await act(async () => {
      await retried;
    });
    expect(mountAttempts).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
