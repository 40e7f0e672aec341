import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders, addResources } from '@airloom/shared-ui';
import { shellEn } from '../i18n/en';
import { filterMenu } from '../menu/filter';
import { MENU_TREE } from '../menu/tree';
import { navigate } from '../routing/history';
import { SideMenu } from './SideMenu';

addResources('shell', shellEn);

const tree = filterMenu(MENU_TREE, { accessType: 'web', netMode: 0, right: 'rw', flags: ['beta', 'wifimap'], deployedRemotes: ['overview', 'network'] });

describe('SideMenu', () => {
  it('is a labelled navigation whose current page has aria-current, and links move between pages', async () => {
    act(() => navigate('/overview/preview', { replace: true }));
    render(<AppProviders><SideMenu tree={tree} /></AppProviders>);
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(nav).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Projects' }).getAttribute('aria-current')).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Projects' }));
    expect(window.location.pathname).toBe('/overview/list');
    expect(screen.getByRole('link', { name: 'Projects' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows only what the filter left, with beta entries marked', () => {
    render(<AppProviders><SideMenu tree={tree} /></AppProviders>);
    expect(screen.getByRole('link', { name: /Wi-Fi map/ }).textContent).toContain('Beta');
    expect(screen.queryByRole('link', { name: 'Device maintenance' })).toBeNull();
  });

  it('collapses and expands with a keyboard-reachable toggle', async () => {
    render(<AppProviders><SideMenu tree={tree} /></AppProviders>);
    const user = userEvent.setup();
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Collapse menu' });
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Expand menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Projects' })).toBeNull();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Overview' }));
  });
});
