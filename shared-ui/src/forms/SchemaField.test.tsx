import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { rules } from '@airloom/contracts';
import { renderWithProviders } from '../test/render';
import { SchemaField } from './SchemaField';
import { useSchemaForm } from './use-schema-form';
import { ApiError } from '../api/client';
import { TextField } from '../components/TextField';

afterEach(cleanup);

function NameField({ onSubmit = () => {} }: { onSubmit?: () => void }) {
  const [name, setName] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <SchemaField schema={rules.projectName} label="Project name" value={name} onChange={setName} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('SchemaField', () => {
  it("shows the translated message of the failing rule on blur, wired for assistive tech", async () => {
    const user = userEvent.setup();
    renderWithProviders(<NameField />);
    const input = screen.getByRole('textbox', { name: 'Project name' });
    await user.type(input, 'A'.repeat(19));
    expect(input.getAttribute('aria-invalid')).toBeNull(); // not before the user leaves the field
    await user.tab();
    const message = screen.getByText('The project name has at most 18 characters');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
  });

  it('shows no message for a valid value', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NameField />);
    const input = screen.getByRole('textbox', { name: 'Project name' });
    await user.type(input, 'A'.repeat(18));
    await user.tab();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(/at most 18/)).toBeNull();
  });

  it('validates when its form is submitted', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NameField />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please enter a project name')).toBeTruthy();
  });
});

const Pair = z.object({ name: rules.projectName, zone: rules.timeZone });

function PairForm({ send }: { send: (data: z.output<typeof Pair>) => Promise<void> }) {
  const form = useSchemaForm(Pair, { name: '', zone: '+8' });
  return (
    <form
      onSubmit={form.handleSubmit(async (data) => {
        try {
          await send(data);
        } catch (err) {
          form.applyServerError(err);
        }
      })}
    >
      <TextField label="Name" {...form.field('name')} />
      <TextField label="Zone" {...form.field('zone')} />
      {form.formError && <p role="alert">{form.formError}</p>}
      <button type="submit">Save</button>
    </form>
  );
}

describe('useSchemaForm', () => {
  it('sends nothing while a rule fails and shows each field its message', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => {});
    renderWithProviders(<PairForm send={send} />);
    await user.clear(screen.getByRole('textbox', { name: 'Zone' }));
    await user.type(screen.getByRole('textbox', { name: 'Zone' }), '+99');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByText('Please enter a project name')).toBeTruthy();
    expect(screen.getByText('Please choose a time zone from the list: a named zone such as Europe/Lisbon, or an offset between UTC-12 and UTC+14')).toBeTruthy();
  });

  it("puts the server's field errors (ApiError.fields) next to their fields, and other errors in the form", async () => {
    const user = userEvent.setup();
    const send = vi
      .fn<(data: z.output<typeof Pair>) => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(400, 'invalid parameters', 400, { name: 'rules.projectName.length' }))
      .mockRejectedValueOnce(new ApiError(173, 'project is read-only and cannot be modified', 403));
    renderWithProviders(<PairForm send={send} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.type(name, 'Lobby');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(send).toHaveBeenCalledWith({ name: 'Lobby', zone: '+8' });
    expect(screen.getByText('The project name has at most 18 characters')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');

    await user.type(name, 'x'); // editing clears the server's message
    expect(name.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('project is read-only and cannot be modified');
  });
});
