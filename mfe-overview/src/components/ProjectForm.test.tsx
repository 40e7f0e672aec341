import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProjectForm } from './ProjectForm';
import { fakeBff, project, renderPage } from '../test-harness';

afterEach(cleanup);

describe('ProjectForm', () => {
  it("refuses a 19-character name with the rule's message and sends nothing", async () => {
    const user = userEvent.setup();
    const bff = fakeBff({});
    const onSaved = vi.fn();
    const { mfe } = renderPage(<ProjectForm open onClose={() => {}} onSaved={onSaved} />, bff.api);

    const dialog = screen.getByRole('dialog', { name: 'Create project' });
    const name = screen.getByRole('textbox', { name: /Project name/ });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.type(name, 'A'.repeat(19));
    await user.selectOptions(screen.getByRole('combobox', { name: /Scenario/ }), 'hotel');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(screen.getByText('The project name has at most 18 characters')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(name)); // focus goes to what needs fixing
    expect(bff.requests).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
    expect(mfe.setLoading).not.toHaveBeenCalled();
  });

  it('creates with the defaults of spec §3 (WLAN, zone +8) and drives the saving overlay', async () => {
    const user = userEvent.setup();
    const created = project({ id: 7, projectName: 'Lobby' });
    const bff = fakeBff({ 'POST /projects': () => ({ status: 201, body: { code: 0, data: created } }) });
    const onSaved = vi.fn();
    const { mfe } = renderPage(<ProjectForm open onClose={() => {}} onSaved={onSaved} />, bff.api);

    expect((screen.getByRole('combobox', { name: /Time zone/ }) as HTMLSelectElement).value).toBe('+8');
    await user.type(screen.getByRole('textbox', { name: /Project name/ }), 'Lobby');
    await user.selectOptions(screen.getByRole('combobox', { name: /Scenario/ }), 'hotel');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(bff.requests).toEqual([
      { method: 'POST', path: '/projects', body: { projectName: 'Lobby', netMode: 0, scenario: 'hotel', location: '', address: '', zone: '+8' } },
    ]);
    expect(onSaved).toHaveBeenCalledWith(created, 'create');
    expect(vi.mocked(mfe.setLoading).mock.calls).toEqual([['saving'], ['end']]);
  });

  it("shows the server's field error next to the field and its refusal as a notice", async () => {
    const user = userEvent.setup();
    let answer = { status: 400, body: { code: 400, message: 'invalid parameters', fields: { projectName: 'rules.projectName.length' } } as unknown };
    const bff = fakeBff({ 'PATCH /projects/9': () => answer as { status: number; body: unknown } });
    const existing = project({ id: 9, projectName: 'Office', netMode: 1 });
    renderPage(<ProjectForm open project={existing} onClose={() => {}} onSaved={() => {}} />, bff.api);

    // spec §3 type is fixed after creation
    expect((screen.getByRole('combobox', { name: /Project type/ }) as HTMLSelectElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(bff.requests[0]?.body).toEqual({ projectName: 'Office', scenario: 'hotel', location: '', address: '', zone: '+8' });
    expect(screen.getByText('The project name has at most 18 characters')).toBeTruthy();

    answer = { status: 403, body: { code: 173, message: 'read-only' } };
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('project is read-only and cannot be modified');
  });
});
