import { afterEach, describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { AppProviders, addResources } from '@airloom/shared-ui';
import { DocumentTitle } from '../App';
import { shellEn } from '../i18n/en';
import { shellStore } from '../state/shell-store';
import { navigate } from '@airloom/shared-ui';

addResources('shell', shellEn);

const remotes = ['overview', 'network'].map((name) => ({ name, entry: `/remotes/${name}/mf-manifest.json` }));
const hotel = { id: 1000001, right: 'rw' as const, netMode: 0 as const, projectName: 'Seaview Hotel', owner: true };

afterEach(() => shellStore.setState({ project: null, remotes: null, accessType: 'web' }));

function titleAt(path: string): string {
  act(() => navigate(path, { replace: true }));
  return document.title;
}

describe('document title (WCAG 2.4.2)', () => {
  it('names the page, and the project inside one, on every kind of page', () => {
    shellStore.setState({ remotes, project: hotel });
    render(<AppProviders><DocumentTitle /></AppProviders>);
    expect(titleAt('/static/lrf')).toBe('Log in · Airloom');
    expect(titleAt('/static/lrf/signup')).toBe('Sign up · Airloom');
    expect(titleAt('/static/lrf/forgot')).toBe('Forgot password · Airloom');
    expect(titleAt('/overview/preview')).toBe('Overview · Airloom');
    expect(titleAt('/overview/list')).toBe('Projects · Airloom');
    expect(titleAt('/manage/status')).toBe('Network status · Seaview Hotel · Airloom');
    expect(titleAt('/manage/devconf')).toBe('Device maintenance · This part of the console is not available · Airloom');
    expect(titleAt('/no/such/page')).toBe('Page not found · Airloom');
    expect(titleAt('/static/transfer')).toBe('Project transfer · Airloom');
    expect(titleAt('/static/transferToLocalDev')).toBe('Local management · Airloom');
  });

  it('follows a project change, and asks for a project when none is chosen', () => {
    shellStore.setState({ remotes, project: null });
    render(<AppProviders><DocumentTitle /></AppProviders>);
    expect(titleAt('/manage/status')).toBe('Network status · Choose a project · Airloom');
    act(() => shellStore.setState({ project: hotel }));
    expect(document.title).toBe('Network status · Seaview Hotel · Airloom');
    act(() => shellStore.setState({ project: { ...hotel, id: 1000002, projectName: 'Harbour Office' } }));
    expect(document.title).toBe('Network status · Harbour Office · Airloom');
  });
});
