// Two-factor sign-in on the account page: turned on through the shared setup form (secret, the app's
// code, then the recovery codes once); kept on, with no way off, while the company requires it; turned
// off with a code by an account that has no password.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode } from '@airloom/contracts';
import { TwoFactorCard } from './TwoFactorCard';
import { fakeBff, renderPage } from '../../test-harness';

afterEach(cleanup);

const ok = (data: unknown) => ({ status: 200, body: { code: 0, data } });

describe('TwoFactorCard', () => {
  it('turns it on with the app’s code and shows the recovery codes once', async () => {
    const user = userEvent.setup();
    let enabled = false;
    const bff = fakeBff({
      'GET /account/two-factor': () => ok({ enabled, recoveryCodesLeft: enabled ? 10 : 0, requiredByCompany: false, confirmWith: 'password' }),
      'POST /account/two-factor/setup': () => ok({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Airloom:ann?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }),
      'POST /account/two-factor/enable': (req) => {
        if ((req.body as { code: string }).code !== '123456') return { status: 400, body: { code: ErrorCode.INCORRECT_VERIFICATION_CODE, message: 'incorrect verification code' } };
        enabled = true;
        return ok({ recoveryCodes: ['abcde-fghjk', 'mnpqr-stuvw'] });
      },
    });
    renderPage(<TwoFactorCard />, bff.api, { path: '/overview/account' });
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Airloom to your authenticator app' });
    expect((await within(dialog).findByTestId('two-factor-secret')).textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await user.type(within(dialog).getByLabelText(/^Code from the app/), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText(/This code is wrong or has been used already/)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(/^Code from the app/));
    await user.type(within(dialog).getByLabelText(/^Code from the app/), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    const codes = await screen.findByTestId('recovery-codes');
    expect(within(codes).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['abcde-fghjk', 'mnpqr-stuvw']);
    expect((await screen.findByTestId('two-factor-state')).textContent).toBe('On · 10 recovery codes left');
  });

  it('offers no way off while the company requires it, and says so', async () => {
    const bff = fakeBff({ 'GET /account/two-factor': () => ok({ enabled: true, recoveryCodesLeft: 9, requiredByCompany: true, confirmWith: 'password' }) });
    renderPage(<TwoFactorCard />, bff.api, { path: '/overview/account' });
    expect(await screen.findByText('Your company requires two-factor sign-in, so it stays on.')).toBeTruthy();
    expect((await screen.findByTestId('two-factor-state')).textContent).toBe('On · 9 recovery codes left');
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
  });

  it('asks an account without a password for a code of its app to turn it off', async () => {
    const user = userEvent.setup();
    let enabled = true;
    const sent: unknown[] = [];
    const bff = fakeBff({
      'GET /account/two-factor': () => ok({ enabled, recoveryCodesLeft: enabled ? 10 : 0, requiredByCompany: false, confirmWith: 'code' }),
      'POST /account/two-factor/disable': (req) => {
        sent.push(req.body);
        if ((req.body as { code?: string }).code !== '654321') return { status: 400, body: { code: ErrorCode.INCORRECT_VERIFICATION_CODE, message: 'incorrect verification code' } };
        enabled = false;
        return ok(null);
      },
    });
    renderPage(<TwoFactorCard />, bff.api, { path: '/overview/account' });
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    expect(within(dialog).queryByLabelText(/password/i)).toBeNull();
    expect(within(dialog).getByText(/Your identity provider alone will sign you in again/)).toBeTruthy();
    const code = within(dialog).getByLabelText(/^Code from your authenticator app, or a recovery code/);
    await user.type(code, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText(/This code is wrong or has been used already/)).toBeTruthy();
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-factor sign-in is off.')).toBeTruthy();
    expect((await screen.findByTestId('two-factor-state')).textContent).toBe('Off');
    expect(sent).toEqual([{ code: '111111' }, { code: '654321' }]);
  });
});
