// The login page offers "Sign in with …" only when the server has a provider configured, and the link
// starts the provider sign-in that comes back to the page the user came for.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AppProviders, addResources, navigate } from '@airloom/shared-ui';
import { shellEn } from '../i18n/en';
import { LoginForm } from './LoginForm';
import { lrfEn } from './lrf-en';

addResources('shell', { ...shellEn, lrf: lrfEn });

function withProviders(oidc: { name: string } | null) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ code: 0, data: { oidc } })));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the login form and the sign-in provider', () => {
  it('offers the configured provider by its name, coming back to the page asked for', async () => {
    withProviders({ name: 'Test IdP' });
    navigate('/static/lrf?next=%2Fmanage%2Fauthority', { replace: true });
    render(<AppProviders><LoginForm /></AppProviders>);
    const link = await screen.findByRole('link', { name: 'Sign in with Test IdP' });
    expect(link.getAttribute('href')).toBe('/api/v1/auth/oidc/start?intent=login&next=%2Fmanage%2Fauthority');
    expect(String(vi.mocked(globalThis.fetch).mock.calls[0]![0])).toBe('/api/v1/auth/providers');
  });

  it('shows no provider link when none is configured', async () => {
    withProviders(null);
    navigate('/static/lrf', { replace: true });
    render(<AppProviders><LoginForm /></AppProviders>);
    await vi.waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    await screen.findByRole('button', { name: /log in/i });
    // the answer has arrived and been applied: still no link of any kind
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText(/Sign in with/)).toBeNull();
  });
});
