// /static/transferToLocalDev (spec §2 entry route, docs/decisions/maintenance.md): a link naming a
// project and a device opens that device's Maintenance tab, where the handover is asked for; following
// the link changes nothing. Without them, or with ones that are not a project and a serial number, it
// says where the handover is done and leads there.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { AppProviders, addResources, getLocation, navigate } from '@airloom/shared-ui';
import { shellEn } from '../i18n/en';
import { TransferToLocalPage } from './TransferToLocalPage';

addResources('shell', shellEn);

let fetched: { method: string; url: string }[] = [];
function open(address: string) {
  navigate(address, { replace: true });
  return render(<AppProviders><TransferToLocalPage /></AppProviders>);
}

beforeEach(() => {
  fetched = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    fetched.push({ method: init?.method ?? 'GET', url: String(input) });
    return new Response(JSON.stringify({ code: 0, data: null }));
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the transfer-to-local-management entry page', () => {
  it("opens the named device's Maintenance tab in its project, the serial number as the console writes it, and changes nothing", async () => {
    open('/static/transferToLocalDev?project=12&sn=alap620000000001');
    await waitFor(() => expect(getLocation().pathname).toBe('/manage/devconf/ALAP620000000001/maintenance'));
    expect(getLocation().search).toBe('?project=12');
    // nothing was asked of the server on the way: the handover is the Maintenance tab's, after a confirmation
    expect(fetched.filter((f) => f.method !== 'GET')).toEqual([]);
  });

  it.each([
    ['no project or device', '/static/transferToLocalDev'],
    ['a device but no project', '/static/transferToLocalDev?sn=ALAP620000000001'],
    ['a project that is not a number', '/static/transferToLocalDev?project=abc&sn=ALAP620000000001'],
    ['a serial number that is not one', '/static/transferToLocalDev?project=12&sn=..%2F..%2Fadmin'],
  ])('with %s: says where the handover is done and leads to Device configuration', async (_, address) => {
    open(address);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Local management');
    expect(screen.getByText(/handed over to local management from its page: Device configuration, the device, Maintenance, Management mode/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Open device configuration' });
    expect(link.getAttribute('href')).toBe('/manage/devconf');
    expect(getLocation().pathname).toBe('/static/transferToLocalDev');
    expect(fetched.filter((f) => f.method !== 'GET')).toEqual([]);
  });
});
