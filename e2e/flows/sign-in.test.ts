// Signing in beyond the password, in real Chromium: two-factor sign-in turned on from Account
// settings with a code this test computes itself (RFC 6238, independently of the console's code),
// then asked after the password; and an OpenID Connect provider (oidc-provider, a real one started
// here, with its development login page) bound from Account settings and then used to sign in.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import Provider from 'oidc-provider';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
      await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
      // the provider may remember dana; when it asks again, answer the same
      if (await page.locator('input[name="login"]').isVisible().catch(() => false)) {
        await page.locator('input[name="login"]').fill('dana');
        await page.locator('input[name="password"]').fill('anything');
        await page.getByRole('button', { name: 'Sign-in' }).click();
      }
      if (await page.getByRole('button', { name: 'Continue' }).isVisible().catch(() => false)) await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL('**/overview/**');
      const me = await page.evaluate(async () => (await (await fetch('/api/v1/auth/me')).json()) as { data: { account: string } });
      expect(me.data.account).toBe(account);
    } finally {
      await browser.close();
    }
  });
});
