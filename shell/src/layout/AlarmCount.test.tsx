import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { AppProviders, addResources } from '@airloom/shared-ui';
import { ScriptedEventSource } from '@airloom/shared-ui/testing';
import { shellEn } from '../i18n/en';
import { shellStore } from '../state/shell-store';
import { AlarmCount } from './AlarmCount';

addResources('shell', shellEn);
vi.stubGlobal('EventSource', ScriptedEventSource);

let unread = 3;
beforeEach(() => {
  ScriptedEventSource.all = [];
  unread = 3;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ code: 0, data: { items: [], total: unread, page: 1, pageSize: 1, unread } })));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  shellStore.setState({ project: null });
});

describe('unread alarms in the header', () => {
  it("shows the open project's unread alarms as a link to the alarm page, and follows the project's events", async () => {
    shellStore.setState({ project: { id: 7, right: 'rw', netMode: 0, projectName: 'Seaview Hotel', owner: true } });
    render(<AppProviders><AlarmCount /></AppProviders>);
    const link = await screen.findByRole('link', { name: /^Alarms 3\W+3 unread alarms$/ });
    expect(link.getAttribute('href')).toBe('/manage/alarminfo');
    expect(String(vi.mocked(globalThis.fetch).mock.calls[0]![0])).toContain('/api/v1/projects/7/alarms?read=0&pageSize=1');
    unread = 1;
    ScriptedEventSource.last.send({ type: 'log', entries: 0, alarms: 0, read: 2 });
    expect(await screen.findByRole('link', { name: /^Alarms 1\W+1 unread alarm$/ })).toBeTruthy();
    unread = 0;
    ScriptedEventSource.last.send({ type: 'log', entries: 0, alarms: 0, read: 1 });
    await waitFor(() => expect(screen.queryByTestId('unread-alarms')).toBeNull());
  });

  it('shows nothing without an open project', async () => {
    render(<AppProviders><AlarmCount /></AppProviders>);
    await act(async () => undefined);
    expect(screen.queryByTestId('unread-alarms')).toBeNull();
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });
});
