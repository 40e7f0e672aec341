import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode, type CustomScenario } from '@airloom/contracts';
import { DesignerPage } from './DesignerPage';
import { fakeBff, ok, refused, renderAt } from '../../test-harness';

afterEach(cleanup);

function scenario(id: number, name: string): CustomScenario {
  return { id, name, defaults: { areaM2: 800, floors: 2, installHeightM: 3 }, wallLossDb: 20, wallSpacingM: 6, concurrency: 0.5, modifiedAt: '2026-11-01T10:00:00.000Z' };
}

describe('custom scenarios in the designer', () => {
  it('adds one checked with the contracts rule, chooses it, and shows the limit of 20 in words', async () => {
    const user = userEvent.setup();
    const mine: CustomScenario[] = [];
    let full = false;
    const bff = fakeBff({
      'GET /solutions/scenarios': () => ok({ items: mine, total: mine.length }),
      'POST /solutions/scenarios': (req) => {
        if (full) return refused(ErrorCode.CUSTOM_SCENARIO_LIMIT, 'limit');
        const body = req.body as { name: string };
        const created = scenario(mine.length + 1, body.name);
        mine.push(created);
        return { status: 201, body: { code: 0, data: created } };
      },
    });
    renderAt(<DesignerPage />, bff.api, '/overview/solutions/new');
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    expect(await screen.findByText(/You have no custom scenario yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);

    const form = screen.getByRole('form', { name: 'Add a custom scenario' });
    const wall = within(form).getByRole('textbox', { name: 'Loss through one typical wall (dB)' });
    await user.clear(wall);
    await user.type(wall, '60');
    await user.click(within(form).getByRole('button', { name: 'Add the scenario' }));
    expect(screen.getByText('The scenario name has 1 to 32 characters')).toBeTruthy();
    expect(screen.getByText('The wall attenuation is 0 to 40 dB')).toBeTruthy();
    expect(bff.count('POST', '/solutions/scenarios')).toBe(0);

    await user.type(within(form).getByRole('textbox', { name: /Scenario name/ }), 'Cruise ship');
    await user.clear(wall);
    await user.type(wall, '25');
    await user.type(within(form).getByRole('textbox', { name: 'Typical area (m²)' }), '900');
    await user.click(within(form).getByRole('button', { name: 'Add the scenario' }));
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Your scenario' }) as HTMLSelectElement).value).toBe('1'));
    expect(bff.requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Cruise ship', wallLossDb: 25, wallSpacingM: 8, concurrency: 0.7, defaults: { areaM2: 900, floors: 1, installHeightM: 3 } });
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false);

    full = true;
    await user.type(within(form).getByRole('textbox', { name: /Scenario name/ }), 'Ferry');
    await user.click(within(form).getByRole('button', { name: 'Add the scenario' }));
    expect(await screen.findByText('You already have 20 custom scenarios, the most one account may keep.')).toBeTruthy();
  });
});
