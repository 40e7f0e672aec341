import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders, addResources } from '@airloom/shared-ui';
import type { ProjectItem } from '@airloom/contracts';
import { shellEn } from '../i18n/en';
import { navigate } from '@airloom/shared-ui';
import { clientStorage } from '../shell-context';
import { shellStore } from '../state/shell-store';
import { ProjectPicker } from './ProjectPicker';

addResources('shell', shellEn);

const item = (id: number, projectName: string, netMode: 0 | 1 = 0): ProjectItem => ({
  id, projectName, netMode, right: 'rw', isShare: false, property: 'own', demo: false, scenario: 'hotel',
  location: '', address: '', zone: '+8', subtitle: '', createdAt: '2026-11-21T00:00:00.000Z', updatedAt: '2026-11-21T00:00:00.000Z',
});
const projects = [item(1000001, 'Seaview Hotel'), item(1000002, 'Harbour Office'), item(1000003, 'Hill Campus', 1)];
const remotes = ['overview', 'network'].map((name) => ({ name, entry: `/remotes/${name}/mf-manifest.json` }));

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ code: 0, data: { items: projects, total: projects.length } })));
  shellStore.setState({ remotes, accessType: 'web', project: { id: 1000001, right: 'rw', netMode: 0, projectName: 'Seaview Hotel', owner: true } });
});
afterEach(() => {
  vi.restoreAllMocks();
  shellStore.setState({ project: null, remotes: null, session: null });
});

async function renderPicker(path: string) {
  act(() => navigate(path, { replace: true }));
  render(<AppProviders><ProjectPicker /></AppProviders>);
  await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
  return screen.getByRole('button', { name: /Current project/ });
}

describe('ProjectPicker', () => {
  it('arrow keys move the highlight without changing project; Enter chooses and goes into the project from the overview', async () => {
    const user = userEvent.setup();
    const trigger = await renderPicker('/overview/preview');
    expect(trigger.textContent).toContain('Seaview Hotel');
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox', { name: 'Current project' });
    expect(document.activeElement).toBe(listbox);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    // starts on the current project
    expect(listbox.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: /Seaview Hotel/ }).id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(listbox.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: /Hill Campus/ }).id);
    await user.keyboard('{ArrowUp}');
    // nothing changed while moving
    expect(shellStore.getState().project?.id).toBe(1000001);
    expect(window.location.pathname).toBe('/overview/preview');

    await user.keyboard('{Enter}');
    expect(shellStore.getState().project).toEqual({ id: 1000002, right: 'rw', netMode: 0, projectName: 'Harbour Office', owner: true });
    expect(window.location.pathname).toBe('/manage/status');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    expect(trigger.textContent).toContain('Harbour Office');
  });

  it('on a project page it stays on that page with the chosen project', async () => {
    const user = userEvent.setup();
    const trigger = await renderPicker('/manage/status');
    await user.click(trigger);
    await user.click(await screen.findByRole('option', { name: /Hill Campus/ }));
    expect(shellStore.getState().project?.id).toBe(1000003);
    expect(window.location.pathname).toBe('/manage/status');
  });

  it('Esc closes the list and keeps the project', async () => {
    const user = userEvent.setup();
    const trigger = await renderPicker('/overview/list');
    await user.click(trigger);
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(shellStore.getState().project?.id).toBe(1000001);
    expect(window.location.pathname).toBe('/overview/list');
    expect(document.activeElement).toBe(trigger);
  });

  it('leaves out the demo projects the account hid', async () => {
    const user = userEvent.setup();
    const items = [...projects, { ...item(500000, 'Demo Hotel'), demo: true }];
    vi.mocked(globalThis.fetch).mockImplementation(async () => new Response(JSON.stringify({ code: 0, data: { items, total: items.length } })));
    shellStore.setState({ session: { account: 'ann@example.com', nick: 'Ann', role: 0, demo: false } });
    clientStorage.setHideDemoProjects('ann@example.com', true);
    const trigger = await renderPicker('/overview/list');
    await user.click(trigger);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    expect(screen.queryByRole('option', { name: /Demo Hotel/ })).toBeNull();
  });
});
