// Signing in beyond the password, in real Chromium: two-factor sign-in turned on from Account
// settings with a code this test computes itself (RFC 6238, independently of the console's code),
// then asked after the password; a company that requires it of its engineers (an engineer sets it up
// before the console opens); and an OpenID Connect provider (oidc-provider, a real one started
// here, with its development login page) bound from Account settings and then used to sign in, which
// asks for the two-factor code too once the account has it on.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import Provider from 'oidc-provider';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { freePort, startConsole, type RunningConsole } from '../support/console';
import { logInInForm, openConsole, signUpInForm, type FlowPage } from '../support/flow';
import { outbox } from '../support/outbox';

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits) of a base32 secret, written here apart from the console's */
function totpNow(base32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of base32.replace(/\s/g, '')) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const o = mac[19]! & 15;
  return String((mac.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const password = 'Correct-horse-9';
const newAccount = (what: string) => `${what}-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;

async function openAccountSettings(flow: FlowPage): Promise<void> {
  await flow.page.getByRole('button', { name: /Account menu/ }).click();
  await flow.page.getByRole('button', { name: 'Account settings' }).click();
  await flow.page.waitForURL('**/overview/account');
}

describe('two-factor sign-in', () => {
  let flow: FlowPage;
  beforeEach(async () => { flow = await openConsole(); });
  afterEach(async () => { await flow.close(); });

  it('is turned on with the app’s code, then asked after the password; recovery codes are shown once', async () => {
    const { page } = flow;
    const account = newAccount('totp');
    await signUpInForm(page, account, password, outbox);
    await page.waitForURL('**/overview/preview');
    await openAccountSettings(flow);
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Airloom to your authenticator app' });
    const secret = ((await dialog.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await dialog.getByLabel(/^Code from the app/).fill(totpNow(secret));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(async () => page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect.poll(async () => page.getByTestId('two-factor-state').textContent()).toMatch(/On · 10 recovery codes left/);

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/static/lrf**');
    await logInInForm(page, account, password);
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    // a wrong code is refused in a sentence, and signs nobody in
    await page.getByLabel(/^Code/).fill('000000');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText(/This code is wrong or has been used already/).waitFor();
    // the code of the next time step: the one that turned it on counts once
    await page.getByLabel(/^Code/).fill(totpNow(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/overview/preview');
  });
});

/** Account settings: turns two-factor sign-in on with a code computed here; the secret */
async function turnOnTwoFactor({ page }: Pick<FlowPage, 'page'>): Promise<string> {
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Airloom to your authenticator app' });
  const secret = ((await dialog.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  await dialog.getByLabel(/^Code from the app/).fill(totpNow(secret));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect.poll(async () => page.getByTestId('two-factor-state').textContent()).toMatch(/On · 10 recovery codes left/);
  return secret;
}

describe('two-factor sign-in required by a company', () => {
  let company: FlowPage;
  let engineer: FlowPage;
  beforeEach(async () => { [company, engineer] = await Promise.all([openConsole(), openConsole()]); });
  afterEach(async () => { await Promise.all([company.close(), engineer.close()]); });

  it('the company requires it of its engineers; an engineer sets it up before the console opens, and cannot turn it off', async () => {
    const c = company.page;
    await signUpInForm(c, newAccount('company'), password, outbox);
    await c.waitForURL('**/overview/preview');
    await openAccountSettings(company);
    const engineerAccount = newAccount('engineer');
    await c.getByRole('button', { name: 'Make an engineer account' }).click();
    const made = c.getByRole('dialog', { name: 'Make an engineer account' });
    await made.getByLabel(/^Account/).fill(engineerAccount);
    await made.getByLabel(/^Nickname/).fill('Bo');
    await made.getByLabel(/^Password/).fill('Engineer-pass-7');
    await made.getByLabel(/^Confirm password/).fill('Engineer-pass-7');
    await made.getByRole('button', { name: 'Make account' }).click();
    await c.getByRole('table', { name: 'Engineer accounts' }).getByText(engineerAccount).waitFor();

    // not before the company's own two-factor sign-in is on: the page says why
    await c.getByRole('button', { name: 'Require two-factor sign-in for all engineers' }).click();
    await c.getByText('Turn on two-factor sign-in for your own account first, then require it for your engineers.').waitFor();
    await turnOnTwoFactor(company);
    await c.getByRole('button', { name: 'Require two-factor sign-in for all engineers' }).click();
    await c.getByText('Two-factor sign-in is now required for all engineers.').waitFor();
    await expect.poll(async () => c.getByTestId('engineers-two-factor').textContent()).toMatch(/^Required/);

    // the engineer's password opens only the setup step, with why
    const e = engineer.page;
    await logInInForm(e, engineerAccount, 'Engineer-pass-7');
    await e.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
    await e.getByText(/Your company requires two-factor sign-in: set it up to continue/).waitFor();
    expect(await e.getByRole('button', { name: /Account menu/ }).count()).toBe(0);
    await e.getByTestId('two-factor-secret').waitFor();
    expect(await axeViolations(e)).toEqual([]);
    // and the server agrees: nothing else answers until it is set up
    const refused = await e.evaluate(async () => (await (await fetch('/api/v1/projects')).json()) as { code: number });
    expect(refused.code).toBe(77);
    const secret = ((await e.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await e.getByLabel(/^Code from the app/).fill(totpNow(secret));
    await e.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(async () => e.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    await e.getByRole('button', { name: 'I have saved them' }).click();
    // the console opens
    await e.getByRole('button', { name: /Account menu/ }).waitFor();
    const listed = await e.evaluate(async () => (await (await fetch('/api/v1/projects')).json()) as { code: number });
    expect(listed.code).toBe(0);
    await openAccountSettings(engineer);
    await e.getByText('Your company requires two-factor sign-in, so it stays on.').waitFor();
    expect(await e.getByRole('button', { name: 'Turn off' }).count()).toBe(0);

    // the next sign-in asks for the app's code (of the next time step: the one that set it up counts once)
    await e.getByRole('button', { name: /Account menu/ }).click();
    await e.getByRole('button', { name: 'Log out' }).click();
    await e.waitForURL('**/static/lrf**');
    await logInInForm(e, engineerAccount, 'Engineer-pass-7');
    await e.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await e.getByLabel(/^Code/).fill(totpNow(secret, Date.now() + 30_000));
    await e.getByRole('button', { name: 'Sign in', exact: true }).click();
    await e.waitForURL('**/overview/preview');
  });
});

describe('sign-in with an OpenID Connect provider', () => {
  let provider: http.Server | undefined;
  let console_: RunningConsole | undefined;
  afterEach(async () => {
    await console_?.stop();
    await new Promise((r) => (provider ? provider.close(r) : r(null)));
  });

  it('binds the provider from Account settings, then signs in with it from the login page', async () => {
    const providerPort = await freePort();
    const issuer = `http://127.0.0.1:${providerPort}`;
    console_ = await startConsole({ env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'airloom-e2e', OIDC_CLIENT_SECRET: 'e2e-client-secret', OIDC_NAME: 'Test IdP', SIM_DEMO_FLEET: 'false' } });
    const oidc = new Provider(issuer, {
      clients: [{ client_id: 'airloom-e2e', client_secret: 'e2e-client-secret', redirect_uris: [`${console_.url}/api/v1/auth/oidc/callback`], grant_types: ['authorization_code'], response_types: ['code'] }],
      findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub, email: `${sub}@idp.example`, email_verified: true, name: `Person ${sub}` }) }),
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: true } },
      pkce: { required: () => true },
      cookies: { keys: ['e2e-provider-cookie-key'] },
    });
    provider = http.createServer(oidc.callback());
    await new Promise<void>((resolve) => provider!.listen(providerPort, '127.0.0.1', resolve));

    const browser = await launchChromium();
    try {
      const page = await (await browser.newContext({ baseURL: console_.url })).newPage();
      const account = newAccount('oidc');
      await signUpInForm(page, account, password, () => console_!.outbox());
      await page.waitForURL('**/overview/preview');
      await page.goto('/overview/account');
      await page.getByRole('link', { name: 'Also sign in with Test IdP' }).click();
      // the provider's own pages: sign in there as "dana", and consent
      await page.locator('input[name="login"]').fill('dana');
      await page.locator('input[name="password"]').fill('anything');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL('**/static/wechatTransfer?result=bound**');
      await page.getByText('Your account now also signs in with your provider.').waitFor();
      await page.goto('/overview/account');
      await expect.poll(async () => page.getByTestId('bound-identity').textContent()).toBe('Test IdP: dana@idp.example');

      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL('**/static/lrf**');
      const signInWithProvider = async () => {
        await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
        // the provider may remember dana; when it asks again, answer the same
        if (await page.locator('input[name="login"]').isVisible().catch(() => false)) {
          await page.locator('input[name="login"]').fill('dana');
          await page.locator('input[name="password"]').fill('anything');
          await page.getByRole('button', { name: 'Sign-in' }).click();
        }
        if (await page.getByRole('button', { name: 'Continue' }).isVisible().catch(() => false)) await page.getByRole('button', { name: 'Continue' }).click();
      };
      const meStatus = () => page.evaluate(async () => (await fetch('/api/v1/auth/me')).status);
      await signInWithProvider();
      await page.waitForURL('**/overview/**');
      const me = await page.evaluate(async () => (await (await fetch('/api/v1/auth/me')).json()) as { data: { account: string } });
      expect(me.data.account).toBe(account);

      // with two-factor sign-in on, the provider stands in for the password, not for the code
      await page.goto('/overview/account');
      const secret = await turnOnTwoFactor({ page });
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL('**/static/lrf**');
      await signInWithProvider();
      await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/static/wechatTransfer');
      // the challenge is gone from the address, and there is no session yet
      await expect.poll(() => new URL(page.url()).hash).toBe('');
      expect(await meStatus()).toBe(401);
      await page.getByLabel(/^Code/).fill('000000');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText(/This code is wrong or has been used already/).waitFor();
      expect(await meStatus()).toBe(401);
      // the code of the next time step: the one that turned it on counts once
      await page.getByLabel(/^Code/).fill(totpNow(secret, Date.now() + 30_000));
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/overview/**');
      expect(await meStatus()).toBe(200);
    } finally {
      await browser.close();
    }
  });
});
