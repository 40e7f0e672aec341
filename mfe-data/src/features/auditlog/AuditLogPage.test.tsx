import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@airloom/contracts';
import type { ApiClient } from '@airloom/shared-ui';
import { AuditLogPage } from './AuditLogPage';
import { demoProject, fakeBff, ok, readOnlyProject, refused, renderAt } from '../../test-harness';

afterEach(cleanup);

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1, time: '2026-11-26T09:15:00.000Z', projectId: 1, accountId: 7, actor: 'owner@example.com', principal: 'session', apiKeyId: null,
  endpoint: 'projects.update', what: 'Rename or edit a project', method: 'PATCH', path: '/api/v1/projects/1', ip: '203.0.113.9', userAgent: 'Firefox', status: 200, code: 0, target: null, changes: [],
  ...over,
});
const VLAN_WRITE = entry({
  id: 2, endpoint: 'config.gatewayPut', what: "Store a new version of one of the project gateway's sections", method: 'PUT', path: '/api/v1/projects/1/gateway/vlan', target: 'section=vlan',
  changes: [{ changeId: 31, section: 'vlan', sn: null, version: 2, truncated: false, changes: [{ path: 'vlans[id=10].name', old: 'Staff', new: 'Back office' }] }],
});
const REFUSED = entry({ id: 3, actor: 'guest@example.com', status: 403, code: 173, ip: '198.51.100.4' });
const BY_KEY = entry({ id: 4, principal: 'api-key', apiKeyId: 12 });

function bff(respond: () => { status?: number; body: unknown } = () => ok({ items: [VLAN_WRITE, REFUSED, BY_KEY], total: 3, page: 1, pageSize: 50 })) {
  const server = fakeBff({ 'GET /projects/1/audit': respond, 'GET /projects/500000/audit': respond });
  const queries: Record<string, string>[] = [];
  const api: ApiClient = { ...server.api, call: ((endpoint: { path: string }, input?: { query?: Record<string, string> }) => {
    if (endpoint.path === '/projects/:id/audit') queries.push(input?.query ?? {});
    return server.api.call(endpoint as never, input as never);
  }) as ApiClient['call'] };
  return { ...server, api, queries };
}

describe('audit log page', () => {
  it('lists who did what, from where, with the result, and the settings before and after on demand', async () => {
    renderAt(<AuditLogPage />, bff().api, '/manage/auditlog');
    const table = await screen.findByRole('table', { name: 'Audit log' }, { timeout: 5000 });
    const vlan = within(table).getByText(/PUT \/api\/v1\/projects\/1\/gateway\/vlan/).closest('tr') as HTMLElement;
    expect(vlan.textContent).toContain('owner@example.com');
    expect(vlan.textContent).toContain('203.0.113.9');
    // what, in the server's words; a person's session needs no badge
    expect(vlan.textContent).toContain("Store a new version of one of the project gateway's sections");
    expect(table.textContent).not.toContain('auditlog.');
    expect(within(vlan).getByText('Done')).toBeTruthy();
    // old → new sits behind a disclosure a keyboard opens
    const summary = within(vlan).getByText('1 setting changed');
    expect(summary.closest('details')?.open).toBe(false);
    summary.focus();
    await userEvent.keyboard('{Enter}');
    expect(within(vlan).getByText(/Staff → Back office/)).toBeTruthy();
    const refusedRow = within(table).getByText('guest@example.com').closest('tr') as HTMLElement;
    expect(within(refusedRow).getByText(/^Refused: /)).toBeTruthy();
    expect(within(table).getByText('API key 12')).toBeTruthy();
  });

  it('asks the server again for each filter, from the first page', async () => {
    const server = bff();
    renderAt(<AuditLogPage />, server.api, '/manage/auditlog');
    await screen.findByRole('table', { name: 'Audit log' }, { timeout: 5000 });
    await userEvent.selectOptions(screen.getByLabelText('Result'), 'refused');
    await waitFor(() => expect(server.queries.at(-1)).toMatchObject({ outcome: 'refused', page: '1' }));
    await userEvent.selectOptions(screen.getByLabelText('Area'), 'config');
    await waitFor(() => expect(server.queries.at(-1)?.endpoint).toBe('config'));
    await userEvent.selectOptions(screen.getByLabelText('Time range'), 'all');
    await waitFor(() => expect(server.queries.at(-1)?.from).toBeUndefined());
    await userEvent.type(screen.getByRole('searchbox', { name: /Account/ }), 'guest@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(server.queries.at(-1)).toMatchObject({ account: 'guest@example.com', outcome: 'refused', endpoint: 'config' }));
  });

  it('says so when nothing matches, and in a sentence when the log cannot be read', async () => {
    renderAt(<AuditLogPage />, bff(() => ok({ items: [], total: 0, page: 1, pageSize: 50 })).api, '/manage/auditlog');
    expect(await screen.findByText('Nothing was changed or attempted for these filters.')).toBeTruthy();
    cleanup();
    renderAt(<AuditLogPage />, bff(() => refused(2000, 'server error')).api, '/manage/auditlog');
    expect(await screen.findByText(/^The audit log could not be loaded: /)).toBeTruthy();
  });

  it('pages through older rows from the server', async () => {
    const server = bff(() => ok({ items: [BY_KEY], total: 120, page: 1, pageSize: 50 }));
    renderAt(<AuditLogPage />, server.api, '/manage/auditlog');
    await screen.findByText('Rows 1–50 of 120');
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(server.queries.at(-1)?.page).toBe('2'));
  });

  it('tells a guest the log is the owner’s and asks nothing; a demo project’s is open to all', async () => {
    const server = bff();
    renderAt(<AuditLogPage />, server.api, '/manage/auditlog', '/manage/auditlog', { project: readOnlyProject });
    expect(await screen.findByText(/^Only the project's owner can read its audit log/)).toBeTruthy();
    expect(server.queries).toEqual([]);
    cleanup();
    renderAt(<AuditLogPage />, server.api, '/manage/auditlog', '/manage/auditlog', { project: demoProject, demo: true });
    expect(await screen.findByRole('table', { name: 'Audit log' }, { timeout: 5000 })).toBeTruthy();
  });
});
