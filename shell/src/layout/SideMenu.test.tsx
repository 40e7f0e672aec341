import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders, addResources } from '@airloom/shared-ui';
import { shellEn } from '../i18n/en';
import { filterMenu } from '../menu/filter';
import { MENU_TREE } from '../menu/tree';
import { navigate } from '@airloom/shared-ui';
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

  it('collapsed, is an icon rail whose group links keep their names and mark the current group', async () => {
    act(() => navigate('/overview/list', { replace: true }));
    render(<AppProviders><SideMenu tree={tree} /></AppProviders>);
    await userEvent.click(screen.getByRole('button', { name: 'Collapse menu' }));
    const overview = screen.getByRole('link', { name: 'Overview' });
    expect(overview.getAttribute('aria-current')).toBe('page');
    expect(overview.querySelector('svg')).not.toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Network' }));
    expect(window.location.pathname).toBe('/manage/status');
    expect(screen.getByRole('link', { name: 'Network' }).getAttribute('aria-current')).toBe('page');
  });

  it('on a phone, is a drawer only while open, focused on its first link, closed by Esc or a chosen page', async () => {
    act(() => navigate('/overview/preview', { replace: true }));
    const onClose = vi.fn();
    const { rerender } = render(<AppProviders><SideMenu tree={tree} phone drawerOpen={false} onCloseDrawer={onClose} /></AppProviders>);
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();

    rerender(<AppProviders><SideMenu tree={tree} phone drawerOpen onCloseDrawer={onClose} /></AppProviders>);
    const drawer = screen.getByRole('dialog', { name: 'Main menu' });
    expect(drawer.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Overview' }));
    onClose.mockClear();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
    onClose.mockClear();
    await userEvent.click(screen.getByRole('link', { name: 'Projects' }));
    expect(onClose).toHaveBeenCalled();
  });
});
