// /static/wechatTransfer: the sentence each provider answer shows, with the way back it offers, and the
// two-factor step an account with two-factor sign-in gets after the provider.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AppProviders, addResources, getLocation, navigate } from '@airloom/shared-ui';
import { shellEn } from '../i18n/en';
import { SignInResultPage } from './SignInResultPage';

addResources('shell', shellEn);

function open(address: string) {
  navigate(address, { replace: true });
  return render(<AppProviders><SignInResultPage /></AppProviders>);
}

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ code: 0, data: null })));
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the sign-in result page', () => {
  it.each([
    ['138', /already bound to another Airloom account/, 'Back to Account settings', '/overview/account'],
    ['142', /already has an account of this provider bound/, 'Back to Account settings', '/overview/account'],
    ['158', /No Airloom account is bound to this provider account/, 'Back to the login page', '/static/lrf'],
    ['161', /was not completed/, 'Back to the login page', '/static/lrf'],
    ['disabled', /disabled by its company/, 'Back to the login page', '/static/lrf'],
    ['something-else', /was not completed/, 'Back to the login page', '/static/lrf'],
  ])('refusal %s: says why in an alert and offers the way back', async (result, sentence, back, href) => {
    open(`/static/wechatTransfer?result=${result}`);
    expect((await screen.findByRole('alert')).textContent).toMatch(sentence);
    expect(screen.getByRole('link', { name: back }).getAttribute('href')).toBe(href);
  });

  it('bound: says so, without an alert, and leads back to Account settings', async () => {
    open('/static/wechatTransfer?result=bound');
    expect(await screen.findByText('Your account now also signs in with your provider.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Account settings' }).getAttribute('href')).toBe('/overview/account');
  });

  it('signed in: goes on to the page asked for, never to another site', async () => {
    open('/static/wechatTransfer?result=signed-in&next=%2Fmanage%2Fauthority');
    await waitFor(() => expect(getLocation().pathname).toBe('/manage/authority'));
    cleanup();
    open('/static/wechatTransfer?result=signed-in&next=%2F%2Fevil.example%2F');
    await waitFor(() => expect(getLocation().pathname).toBe('/'));
  });

  it('two-factor: asks for the code, takes the challenge out of the address, and signs in with the right code only', async () => {
    const fetch = vi.mocked(globalThis.fetch);
    fetch.mockImplementation(async (_url, init) => {
      const { code } = JSON.parse(String(init?.body)) as { code: string };
      return new Response(JSON.stringify(code === '123456' ? { code: 0, data: { account: 'tess@example.com', nick: 'Tess', role: 0, demo: false } } : { code: 12, message: 'incorrect verification code' }));
    });
    open('/static/wechatTransfer?result=two-factor&next=%2Fmanage%2Fauthority#challenge=abc123');
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    await waitFor(() => expect(getLocation().hash).toBe(''));
    expect(getLocation().search).toBe('?result=two-factor&next=%2Fmanage%2Fauthority');

    fireEvent.change(screen.getByLabelText(/^Code/), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(getLocation().pathname).toBe('/static/wechatTransfer');

    fireEvent.change(screen.getByLabelText(/^Code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(getLocation().pathname).toBe('/manage/authority'));
    const calls = fetch.mock.calls.map(([url, init]) => [String(url), JSON.parse(String(init?.body))]);
    expect(calls).toEqual([
      ['/api/v1/auth/login/two-factor', { challenge: 'abc123', code: '654321' }],
      ['/api/v1/auth/login/two-factor', { challenge: 'abc123', code: '123456' }],
    ]);
  });

  it('two-factor without its challenge (a bookmark, a reload): not completed, back to the login page', async () => {
    open('/static/wechatTransfer?result=two-factor');
    expect((await screen.findByRole('alert')).textContent).toMatch(/was not completed/);
    expect(screen.queryByRole('heading', { name: 'Two-factor sign-in' })).toBeNull();
  });
});
