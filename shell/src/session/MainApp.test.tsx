// The console of an engineer whose company requires two-factor sign-in it has not set up: the setup
// step with its explanation instead of the pages; once set up (the app's code, then the recovery
// codes), the console opens. A refusal with 77 in the middle of a session brings the step up too.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, ErrorCode, type MeResponse } from '@airloom/contracts';
import { AppProviders, addResources, ApiError } from '@airloom/shared-ui';
import { shellEn } from '../i18n/en';
import { api } from '../shell-context';
import { shellStore } from '../state/shell-store';
import { MainApp } from './MainApp';

vi.mock('../layout/Layout', () => ({ Layout: () => <p>the console</p> }));
addResources('shell', shellEn);

const engineer: MeResponse = { account: 'eng@example.com', nick: 'Eng', role: 1, demo: false };
const remotes = [{ name: 'overview', entry: '/remotes/overview/mf-manifest.json' }];
const answer = (data: unknown, status = 200, code = 0) => new Response(JSON.stringify(code === 0 ? { code, data } : { code, message: 'refused' }), { status });

let setUp = false;
beforeEach(() => {
  setUp = false;
  shellStore.setState({ session: null, remotes });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    if (path === '/api/v1/auth/me') return answer(setUp ? engineer : { ...engineer, twoFactorSetupRequired: true });
    if (path === '/api/v1/account/two-factor/setup') return answer({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Airloom:eng?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
    if (path === '/api/v1/account/two-factor/enable') {
      if (JSON.parse(String(init?.body)).code !== '123456') return answer(null, 400, ErrorCode.INCORRECT_VERIFICATION_CODE);
      setUp = true;
      return answer({ recoveryCodes: ['abcde-fghjk'] });
    }
    return answer(null, 403, ErrorCode.TWO_FACTOR_SETUP_REQUIRED);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  shellStore.setState({ session: null, remotes: null });
});

describe('MainApp when the company requires two-factor sign-in', () => {
  it('shows the setup step with why, and opens the console once it is set up', async () => {
    const user = userEvent.setup();
    render(<AppProviders><MainApp /></AppProviders>);
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeTruthy();
    expect(screen.getByText(/Your company requires two-factor sign-in: set it up to continue/)).toBeTruthy();
    expect(screen.queryByText('the console')).toBeNull();
    expect((await screen.findByTestId('two-factor-secret')).textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText(/^Code from the app/), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const codes = await screen.findByTestId('recovery-codes');
    expect(within(codes).getByText('abcde-fghjk')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('the console')).toBeTruthy();
    expect(shellStore.getState().session).toEqual(engineer);
  });

  it('brings the setup step up when a page is refused with 77 during the session', async () => {
    act(() => shellStore.setState({ session: engineer }));
    render(<AppProviders><MainApp /></AppProviders>);
    expect(await screen.findByText('the console')).toBeTruthy();
    await expect(api.call(API.projects.list)).rejects.toBeInstanceOf(ApiError);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeTruthy());
    expect(shellStore.getState().session?.twoFactorSetupRequired).toBe(true);
  });
});
