import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteWebStatus } from '@airloom/contracts';
import { operationItem } from '@airloom/shared-ui/testing';
import { DeviceConfigPage } from '../devconf/DeviceConfigPage';
import { ScriptedEventSource, demoProject, device, fakeBff, ok, readOnlyProject, renderAt } from '../../test-harness';

afterEach(cleanup);
beforeEach(() => {
  ScriptedEventSource.all = [];
});

const ROUTE = '/manage/devconf/:sn/:section';
const ap = device({ sn: 'ALAP620000000001', name: 'Lobby-AP', type: 'ap', model: 'AL-AP620' });
const LINK = { url: '/remote/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde/', expiresAt: '2026-11-26T15:00:00.000Z' };
const disabled: RemoteWebStatus = { state: 'disabled', operationId: null, expiresAt: null, code: null };
const card = async () => (await screen.findByText('Remote web management', {}, { timeout: 10_000 })).closest('[data-maintenance="remote-web"]') as HTMLElement;

describe('remote web management card', () => {
  it('opens it: getting the address, then a link to the device page in a new tab; closing it forgets the link', async () => {
    let state: RemoteWebStatus = disabled;
    const server = fakeBff({
      'GET /projects/1/devices': () => ok({ items: [ap], total: 1 }),
      [`GET /projects/1/devices/${ap.sn}/remote-web`]: () => ok(state),
      [`POST /projects/1/devices/${ap.sn}/operations`]: () => ({ status: 202, ...ok({ ...operationItem({ id: 77, sn: ap.sn, kind: 'remote-web' }), remoteWeb: LINK }) }),
      [`DELETE /projects/1/devices/${ap.sn}/remote-web`]: () => ok({ ...disabled, operationId: 77 }),
    });
    renderAt(<DeviceConfigPage />, server.api, `/manage/devconf/${ap.sn}/maintenance`, ROUTE);
    const box = await card();
    expect(await within(box).findByText('Closed')).toBeTruthy();
    await userEvent.click(within(box).getByRole('button', { name: 'Open remote web management' }));
    await waitFor(() => expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ kind: 'remote-web' }));
    expect(await within(box).findByText('Getting the address…')).toBeTruthy();
    expect(within(box).queryByRole('link')).toBeNull();
    // the device dials in: the card's next look finds it open
    state = { state: 'opened', operationId: 77, expiresAt: LINK.expiresAt, code: null };
    const link = await within(box).findByRole('link', { name: "Open the device's web page" }, { timeout: 5_000 });
    expect(link.getAttribute('href')).toBe(LINK.url);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    await userEvent.click(within(box).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(box).queryByRole('link')).toBeNull());
    expect(server.count('DELETE', `/projects/1/devices/${ap.sn}/remote-web`)).toBe(1);
  }, 20_000);

  it("says why it failed in the catalogue's words (remote login timeout)", async () => {
    const server = fakeBff({
      'GET /projects/1/devices': () => ok({ items: [ap], total: 1 }),
      [`GET /projects/1/devices/${ap.sn}/remote-web`]: () => ok({ state: 'failed', operationId: 5, expiresAt: null, code: 321 }),
    });
    renderAt(<DeviceConfigPage />, server.api, `/manage/devconf/${ap.sn}/maintenance`, ROUTE);
    const box = await card();
    expect(await within(box).findByText('Failed: remote login timeout')).toBeTruthy();
    expect(within(box).getByRole('button', { name: 'Open again' })).toBeTruthy();
  });

  it.each([
    ['a read-only share', readOnlyProject, /read-only/i],
    ['a demo project', demoProject, /demo/i],
  ])('offers no Open on %s and says why', async (_label, project, reason) => {
    const server = fakeBff({
      'GET /projects/1/devices': () => ok({ items: [ap], total: 1 }),
      'GET /projects/2/devices': () => ok({ items: [ap], total: 1 }),
      'GET /projects/500000/devices': () => ok({ items: [ap], total: 1 }),
    });
    renderAt(<DeviceConfigPage />, server.api, `/manage/devconf/${ap.sn}/maintenance`, ROUTE, { project });
    const box = await card();
    expect(within(box).queryByRole('button', { name: 'Open remote web management' })).toBeNull();
    expect(within(box).getByText(/Remote web management is not available/).textContent).toMatch(reason);
  });

  it('offers no Open for an offline device and says so (324)', async () => {
    const offline = { ...ap, status: 0 };
    const server = fakeBff({ 'GET /projects/1/devices': () => ok({ items: [offline], total: 1 }) });
    renderAt(<DeviceConfigPage />, server.api, `/manage/devconf/${ap.sn}/maintenance`, ROUTE);
    const box = await card();
    expect(within(box).queryByRole('button', { name: 'Open remote web management' })).toBeNull();
    expect(within(box).getByText(/Remote web management is not available/)).toBeTruthy();
  });
});
