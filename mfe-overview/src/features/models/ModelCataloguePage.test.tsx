import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEVICE_MODELS } from '@airloom/contracts/config';
import { ModelCataloguePage } from './ModelCataloguePage';
import { fakeBff, renderPage } from '../../test-harness';

afterEach(cleanup);

const catalogue = () => fakeBff({
  'GET /models': () => ({ body: { code: 0, data: { list: DEVICE_MODELS, total: DEVICE_MODELS.length } } }),
});

describe('ModelCataloguePage', () => {
  it('lists the models with ports, radios and the recommended firmware', async () => {
    renderPage(<ModelCataloguePage />, catalogue().api, { path: '/overview/models' });
    const table = await screen.findByRole('table', { name: 'Models that support cloud management' });
    const sw = within(table).getByText('AL-SW2052F').closest('tr')!;
    expect(within(sw).getByText('52 ports · 48 PoE (740 W) · 4 SFP')).toBeTruthy();
    const ap = within(table).getByText('AL-AP620').closest('tr')!;
    expect(within(ap).getByText('2.4GHz (up to 64 clients), 5GHz (up to 128 clients)')).toBeTruthy();
    expect(within(ap).getByText('V2.4.0')).toBeTruthy();
  });

  it('filters by type and says so when no model is of it', async () => {
    const user = userEvent.setup();
    renderPage(<ModelCataloguePage />, catalogue().api, { path: '/overview/models' });
    const table = await screen.findByRole('table', { name: 'Models that support cloud management' });
    await user.selectOptions(screen.getByLabelText('Type'), 'nvr');
    expect(within(table).queryByText('AL-SW2052F')).toBeNull();
    expect(within(table).getByText('AL-NVR416')).toBeTruthy();
  });

  it('tells the user in a sentence when the catalogue cannot be read', async () => {
    const bff = fakeBff({ 'GET /models': () => ({ status: 500, body: { code: 2000, message: 'down' } }) });
    renderPage(<ModelCataloguePage />, bff.api, { path: '/overview/models' });
    expect(await screen.findByText(/The models could not be loaded/)).toBeTruthy();
  });
});
