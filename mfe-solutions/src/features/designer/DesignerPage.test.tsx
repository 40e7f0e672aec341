import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode, type RecommendResponse } from '@airloom/contracts';
import { DesignerPage } from './DesignerPage';
import { fakeBff, ok, refused, renderAt, solution } from '../../test-harness';

afterEach(cleanup);

const summary = { clients: 360, concurrentClients: 288, areaM2: 4500, areaPerApM2: 320, coverageRadiusM: 10, apsForCoverage: 14, apsForCapacity: 10, bound: 'coverage', poeDrawW: 120, poeBudgetW: 370, poePorts: 14, floors: 6 } as const;

function recommendation(apModel = 'AL-AP620'): RecommendResponse {
  return {
    lines: [
      { type: 'gateway', model: 'AL-GW1200', quantity: 1, reason: '1 gateway: 288 clients at once over 2 lines' },
      { type: 'accessSwitch', model: 'AL-SW1024P', quantity: 6, reason: '6 access switches: port-bound, one per floor' },
      { type: 'ap', model: apModel, quantity: 14, reason: '14 APs: coverage-bound, 4,500 m² over 6 floors' },
    ],
    advice: ['Mount the APs in the corridors, one every two rooms.'],
    advantages: ['Every number has its reason.'],
    summary,
  };
}

function designerBff() {
  return fakeBff({
    'GET /solutions/scenarios': () => ok({ items: [], total: 0 }),
    'POST /solutions/recommend': (req) => ok(recommendation((req.body as { models?: { ap?: string } }).models?.ap)),
    'POST /solutions': (req) => {
      const body = req.body as { name: string; lines: { quantity: number }[] };
      if (body.name === 'Taken') return refused(ErrorCode.ONE_GATEWAY_PER_PROJECT, 'one gateway per project');
      return { status: 201, body: { code: 0, data: solution({ id: 42, name: body.name, lines: (req.body as ReturnType<typeof solution>).lines }) } };
    },
    'GET /solutions/42/shares': () => ok({ items: [], total: 0 }),
  });
}

async function toRecommendation(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: 'Hotel' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  return user;
}

describe('DesignerPage', () => {
  it('walks from a scenario to a saved hotel solution, each step checked with the contracts rules', async () => {
    const user = userEvent.setup();
    const bff = designerBff();
    renderAt(<DesignerPage />, bff.api, '/overview/solutions/new');
    expect(screen.getByRole('button', { name: '2. Inputs' })).toHaveProperty('disabled', true);
    await toRecommendation(user);

    // the hotel's inputs, each with its typical value; a value out of range is refused in words
    const rooms = screen.getByRole('textbox', { name: 'Rooms' });
    expect(rooms.getAttribute('placeholder')).toBe('120');
    expect(screen.queryByRole('textbox', { name: 'Classrooms' })).toBeNull();
    await user.type(rooms, '-4');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('checkbox', { name: 'Captive portal' }));
    await user.click(screen.getByRole('button', { name: 'Recommend' }));
    expect(await screen.findByText(/Enter a number/i)).toBeTruthy();
    expect(bff.count('POST', '/solutions/recommend')).toBe(0);
    await user.clear(screen.getByRole('textbox', { name: 'Rooms' }));
    await user.type(screen.getByRole('textbox', { name: 'Rooms' }), '150');
    await user.click(screen.getByRole('button', { name: '3. Gateway needs' }));
    await user.clear(screen.getByRole('textbox', { name: 'Broadband lines' }));
    await user.type(screen.getByRole('textbox', { name: 'Broadband lines' }), '2');
    await user.click(screen.getByRole('button', { name: 'Recommend' }));

    // the recommendation, each line with its reason; another AP model asks again
    const rec = await screen.findByRole('table', { name: 'Recommended devices' });
    expect(within(rec).getByText('14 APs: coverage-bound, 4,500 m² over 6 floors')).toBeTruthy();
    expect(bff.requests.find((r) => r.path === '/solutions/recommend')?.body).toMatchObject({ scenario: 'hotel', inputs: { rooms: 150 }, gateway: { clients: 0, lines: 2, bandwidthMbps: 100, functions: ['captivePortal'] } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model for AP' }), 'AL-AP820');
    await waitFor(() => expect(bff.count('POST', '/solutions/recommend')).toBe(2));
    expect(bff.requests.filter((r) => r.path === '/solutions/recommend')[1]?.body).toMatchObject({ models: { ap: 'AL-AP820' } });
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Model for AP' }) as HTMLSelectElement).value).toBe('AL-AP820'));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // preview: quantities within spec §5, a remark, the name
    const bom = screen.getByRole('table', { name: 'Bill of materials' });
    const apQuantity = within(bom).getByRole('textbox', { name: 'Quantity of AL-AP820' });
    await user.clear(apQuantity);
    await user.type(apQuantity, '1000');
    expect(screen.getByText('At most 999 APs')).toBeTruthy();
    await user.clear(apQuantity);
    await user.type(apQuantity, '16');
    expect(screen.queryByText('At most 999 APs')).toBeNull();
    await user.type(within(bom).getByRole('textbox', { name: 'Remark on AL-AP820' }), 'two spare');
    await user.click(screen.getByRole('button', { name: 'Save the solution' }));
    expect(screen.getByText('The name has 1 to 64 characters')).toBeTruthy();
    expect(bff.count('POST', '/solutions')).toBe(0);

    // the server's refusal in plain words, then a save
    await user.type(screen.getByRole('textbox', { name: /Solution name/ }), 'Taken');
    await user.click(screen.getByRole('button', { name: 'Save the solution' }));
    expect(await screen.findByText('A solution holds at most one AC and one gateway.')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: /Solution name/ }));
    await user.type(screen.getByRole('textbox', { name: /Solution name/ }), 'Seaview Hotel');
    await user.click(screen.getByRole('button', { name: 'Save the solution' }));
    expect(await screen.findByRole('heading', { name: 'Solution: Seaview Hotel' })).toBeTruthy();
    const saved = bff.requests.filter((r) => r.method === 'POST' && r.path === '/solutions').at(-1)?.body;
    expect(saved).toMatchObject({
      name: 'Seaview Hotel',
      scenario: 'hotel',
      type: 'wlan',
      policy: 'balanced',
      lines: [
        { type: 'gateway', model: 'AL-GW1200', quantity: 1, remark: '' },
        { type: 'accessSwitch', model: 'AL-SW1024P', quantity: 6, remark: '' },
        { type: 'ap', model: 'AL-AP820', quantity: 16, remark: 'two spare', reason: '14 APs: coverage-bound, 4,500 m² over 6 floors' },
      ],
      advice: ['Mount the APs in the corridors, one every two rooms.'],
    });
    expect(screen.getByRole('link', { name: 'Download the PDF' }).getAttribute('href')).toBe('/api/v1/solutions/42/pdf');
    expect(screen.getByRole('button', { name: 'Create project from this solution' })).toBeTruthy();
  });

  it('a saved solution opens on its preview; a project made from it can be opened', async () => {
    const user = userEvent.setup();
    const bff = fakeBff({
      'GET /solutions/scenarios': () => ok({ items: [], total: 0 }),
      'GET /solutions/7': () => ok(solution()),
      'GET /solutions/7/shares': () => ok({ items: [], total: 0 }),
      'POST /solutions/7/project': () => ({ status: 201, body: { code: 0, data: { projectId: 1000123, planned: 15 } } }),
    });
    const { mfe } = renderAt(<DesignerPage />, bff.api, '/overview/solutions/7', '/overview/solutions/:id');
    const bom = await screen.findByRole('table', { name: 'Bill of materials' });
    expect((within(bom).getByRole('textbox', { name: 'Quantity of AL-AP620' }) as HTMLInputElement).value).toBe('14');
    expect(await screen.findByText('Not shared yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create project from this solution' }));
    expect(await screen.findByText('Project 1000123 was created with 15 planned devices.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open the new project' }));
    expect(mfe.openProject).toHaveBeenCalledWith(expect.objectContaining({ id: 1000123, right: 'rw', netMode: 0, owner: true }));
    expect(mfe.navigate).toHaveBeenCalledWith('/manage/devconf');
  });

  it('a solution shared with you is read-only: no save, no sharing, no project, but its PDF', async () => {
    const bff = fakeBff({
      'GET /solutions/scenarios': () => ok({ items: [], total: 0 }),
      'GET /solutions/8': () => ok(solution({ id: 8, readOnly: true, owner: 'carl@example.com' })),
    });
    renderAt(<DesignerPage />, bff.api, '/overview/solutions/8', '/overview/solutions/:id');
    expect(await screen.findByText('This solution is shared with you read-only.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Quantity of AL-AP620' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create project from this solution' })).toBeNull();
    expect(screen.queryByText('Share read-only')).toBeNull();
    expect(screen.getByRole('link', { name: 'Download the PDF' }).getAttribute('href')).toBe('/api/v1/solutions/8/pdf');
  });

  it('shares with an account and by a link that expires, and says why a share was refused', async () => {
    const user = userEvent.setup();
    const shares: unknown[] = [];
    const bff = fakeBff({
      'GET /solutions/scenarios': () => ok({ items: [], total: 0 }),
      'GET /solutions/7': () => ok(solution()),
      'GET /solutions/7/shares': () => ok({ items: shares, total: shares.length }),
      'POST /solutions/7/shares': (req) => {
        const body = req.body as { account?: string; hours?: number };
        if (body.account === 'nobody@example.com') return refused(ErrorCode.ACCOUNT_NOT_FOUND, 'account not found');
        const share = body.account
          ? { id: 1, account: body.account, token: null, path: null, createdAt: '2026-11-02T11:30:00.000Z', expiresAt: null, status: 'active' }
          : { id: 2, account: null, token: 'a'.repeat(32), path: `/api/v1/solution-links/${'a'.repeat(32)}`, createdAt: '2026-11-02T11:30:00.000Z', expiresAt: '2026-11-05T11:30:00.000Z', status: 'active' };
        shares.push(share);
        return { status: 201, body: { code: 0, data: share } };
      },
    });
    renderAt(<DesignerPage />, bff.api, '/overview/solutions/7', '/overview/solutions/:id');
    await user.type(await screen.findByRole('textbox', { name: 'Account (e-mail or phone)' }), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Share with this account' }));
    expect(await screen.findByText('No account has this e-mail address or phone number.')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Account (e-mail or phone)' }));
    await user.type(screen.getByRole('textbox', { name: 'Account (e-mail or phone)' }), 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Share with this account' }));
    expect(await screen.findByText('With bob@example.com')).toBeTruthy();

    const hours = screen.getByRole('textbox', { name: 'Link valid for (hours)' });
    await user.clear(hours);
    await user.type(hours, '9999');
    await user.click(screen.getByRole('button', { name: 'Make a link' }));
    expect(screen.getByText('Enter whole hours from 1 to 720.')).toBeTruthy();
    await user.clear(hours);
    await user.type(hours, '72');
    await user.click(screen.getByRole('button', { name: 'Make a link' }));
    expect(await screen.findByText('Link, valid until 2026-11-05 11:30 UTC')).toBeTruthy();
    expect(bff.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ link: true, hours: 72 });
  });
});
