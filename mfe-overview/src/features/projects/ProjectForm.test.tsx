import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProjectForm } from './ProjectForm';
import { fakeBff, project, renderPage } from '../../test-harness';

const browserZone = process.env.TZ;
afterEach(() => {
  cleanup();
  if (browserZone === undefined) delete process.env.TZ;
  else process.env.TZ = browserZone;
});

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

  it('creates with WLAN (spec §3) in the browser\'s own named time zone, and drives the saving overlay', async () => {
    process.env.TZ = 'Europe/Lisbon'; // the browser's zone, as Intl reports it
    const user = userEvent.setup();
    const created = project({ id: 7, projectName: 'Lobby' });
    const bff = fakeBff({ 'POST /projects': () => ({ status: 201, body: { code: 0, data: created } }) });
    const onSaved = vi.fn();
    const { mfe } = renderPage(<ProjectForm open onClose={() => {}} onSaved={onSaved} />, bff.api);

    const zone = screen.getByRole('combobox', { name: /Time zone/ }) as HTMLSelectElement;
    expect(zone.value).toBe('Europe/Lisbon');
    expect(zone.selectedOptions[0]?.textContent).toMatch(/^Europe\/Lisbon \(UTC\+[01]\)$/);
    // the spec's fixed offsets are still there
    expect([...zone.options].some((o) => o.value === '+8' && o.textContent === 'UTC+8 (fixed)')).toBe(true);
    await user.type(screen.getByRole('textbox', { name: /Project name/ }), 'Lobby');
    await user.selectOptions(screen.getByRole('combobox', { name: /Scenario/ }), 'hotel');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(bff.requests).toEqual([
      { method: 'POST', path: '/projects', body: { projectName: 'Lobby', netMode: 0, scenario: 'hotel', location: '', address: '', zone: 'Europe/Lisbon' } },
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
    expect(screen.getByRole('alert').textContent).toBe('This project is shared with you read-only: it cannot be changed.');
  });
});
