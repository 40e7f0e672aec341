import type { MeResponse } from '@airloom/contracts';
// Real single-spa in happy-dom; only the network part (loading `<remote>/app`) is replaced by a
// function that fails or answers like the Module Federation runtime would.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LifeCycles } from 'single-spa';
import { AppProviders, addResources, type MfeProps, type ProjectRef } from '@airloom/shared-ui';
import { shellEn } from '../i18n/en';
import { RouteContent } from '../routing/RouteContent';
import { navigate } from '@airloom/shared-ui';
import { shellStore } from '../state/shell-store';
import { createFederation, type RemoteCustomProps } from './federation';

addResources('shell', shellEn);

const session: MeResponse = { account: 'alice@example.com', nick: 'Alice', role: 0, demo: false };
const hotel: ProjectRef = { id: 1, right: 'rw', netMode: 0, projectName: 'Hotel', owner: true };
const home: ProjectRef = { id: 2, right: 'rw', netMode: 1, projectName: 'Home', owner: false };

/** A remote's `./app`: single-spa lifecycles that write what they were given into their element. */
function fakeRemoteApp(mounts: RemoteCustomProps[]): LifeCycles<RemoteCustomProps> {
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      mounts.push(props);
      props.domElement.innerHTML = `<p>overview remote for ${props.project?.projectName ?? 'no project'}</p>`;
    },
    unmount: async (props) => {
      props.domElement.innerHTML = '';
    },
  };
}

describe('runtime federation with single-spa', () => {
  const mounts: RemoteCustomProps[] = [];
  let failNext = true;
  const loadModule = vi.fn(async (remote: string) => {
    if (failNext) {
      failNext = false;
      throw new Error(`Failed to fetch /remotes/${remote}/mf-manifest.json`);
    }
    return fakeRemoteApp(mounts);
  });
  const registerRuntimeRemotes = vi.fn();
  const federation = createFederation({
    store: shellStore,
    registerRuntimeRemotes,
    loadModule,
    isActive: (remote, location) => remote === 'overview' && (location.pathname.startsWith('/overview/') || location.pathname === '/manage/authority'),
    buildProps: (): MfeProps => ({
      session,
      project: shellStore.getState().project,
      setLoading: () => undefined,
      navigate: () => undefined,
      openProject: () => undefined,
      api: { call: vi.fn() },
    }),
  });

  beforeAll(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    navigate('/nowhere', { replace: true });
    shellStore.setState({ session, project: hotel, remotes: [{ name: 'overview', entry: '/remotes/overview/mf-manifest.json' }] });
  });
  afterAll(() => vi.restoreAllMocks());

  function renderShellContent() {
    return render(
      <AppProviders>
        <RouteContent retry={(remote) => federation.retry(remote)} />
        <div data-testid="remote-container" ref={(el) => federation.setContainer(el)} />
      </AppProviders>,
    );
  }

  it('loads a remote only on its route; a failure shows Retry; Retry loads it; a new project remounts it; leaving unmounts it', async () => {
    renderShellContent();

    // 1. Registered with the federation runtime, but nothing is fetched on a route that is not the remote's.
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    act(() => federation.start(shellStore.getState().remotes ?? []));
    expect(registerRuntimeRemotes).toHaveBeenCalledWith([{ name: 'overview', entry: '/remotes/overview/mf-manifest.json' }]);
    await new Promise((r) => setTimeout(r, 50));
    expect(loadModule).not.toHaveBeenCalled();

    // 2. Entering its route loads it; the load fails: a clear message with Retry, not a blank page.
    act(() => navigate('/overview/list'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This part of the console could not be loaded');
    expect(loadModule).toHaveBeenCalledTimes(1);
    expect(loadModule).toHaveBeenCalledWith('overview');

    // 3. Retry really loads it again and mounts it into the shell's container with MfeProps + domElement.
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('remote-container').textContent).toBe('overview remote for Hotel'));
    expect(loadModule).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
    const props = mounts.at(-1)!;
    expect(props.session).toEqual(session);
    expect(props.project).toEqual(hotel);
    expect(props.domElement.parentElement).toBe(screen.getByTestId('remote-container'));
    for (const fn of [props.setLoading, props.navigate, props.openProject]) expect(typeof fn).toBe('function');

    // 4. A new current project reaches the mounted remote (it is remounted with the new props).
    act(() => shellStore.setState({ project: home }));
    await waitFor(() => expect(screen.getByTestId('remote-container').textContent).toBe('overview remote for Home'));
    expect(mounts.at(-1)!.project).toEqual(home);

    // 5. Leaving its routes unmounts it.
    act(() => navigate('/nowhere'));
    await waitFor(() => expect(screen.getByTestId('remote-container').textContent).toBe(''));
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
