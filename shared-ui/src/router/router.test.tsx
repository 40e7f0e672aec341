import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchPath, navigate, refreshLocation } from './history';
import { Link, NavLink, Route, Routes, useParams, useSearchParams } from './router';

afterEach(cleanup);

function at(path: string) {
  window.history.replaceState(null, '', path);
  refreshLocation();
}

function Device() {
  const { sn, section } = useParams();
  return <p>device {sn} tab {section}</p>;
}

function Pages() {
  return (
    <Routes>
      <Route path="/manage/devconf" element={<p>list</p>} />
      <Route path="/manage/devconf/:sn/:section" element={<Device />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>
  );
}

describe('the console router', () => {
  it.each([
    ['/manage/devconf', '/manage/devconf', {}],
    ['/manage/devconf/:sn/:section', '/manage/devconf/ALSW1/poe', { sn: 'ALSW1', section: 'poe' }],
    ['/manage/devconf/:sn/:section', '/manage/devconf/ALSW1', null],
    ['/manage/devconf', '/manage/devconfx', null],
    ['/a/:b', '/a/x%20y', { b: 'x y' }],
    ['*', '/anything/at/all', {}],
  ])('matches %s against %s', (pattern, pathname, expected) => {
    expect(matchPath(pattern, pathname)).toEqual(expected);
  });

  it('shows the first matching route with its parameters, and follows navigation', () => {
    at('/manage/devconf/ALSW100800000001/vlan');
    render(<Pages />);
    expect(screen.getByText('device ALSW100800000001 tab vlan')).toBeTruthy();
    act(() => navigate('/manage/devconf'));
    expect(screen.getByText('list')).toBeTruthy();
    act(() => navigate('/manage/status'));
    expect(screen.getByText('elsewhere')).toBeTruthy();
  });

  it('a link navigates in place and marks the current page', async () => {
    at('/manage/devconf');
    render(
      <>
        <NavLink to="/manage/devconf">Devices</NavLink>
        <Link to="/manage/devconf/ALSW1/poe">PoE</Link>
        <Pages />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Devices' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(screen.getByRole('link', { name: 'PoE' }));
    expect(window.location.pathname).toBe('/manage/devconf/ALSW1/poe');
    expect(screen.getByText('device ALSW1 tab poe')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Devices' }).getAttribute('aria-current')).toBe('page');
  });

  it('a page writes its query on its own address, and writes nothing once the address is another page’s', () => {
    at('/manage/status');
    let setParams: ReturnType<typeof useSearchParams>[1] = () => {};
    function Status() {
      const [params, set] = useSearchParams();
      setParams = set;
      return <p>project {params.get('project') ?? 'none'}</p>;
    }
    render(<Status />);
    act(() => setParams(new URLSearchParams({ project: '1' }), { replace: true }));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/manage/status?project=1');
    const stale = setParams;
    // a menu click: the shell is on another page before this one's pending write
    act(() => navigate('/manage/authority'));
    act(() => stale((current) => { current.set('type', 'ap'); return current; }, { replace: true }));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/manage/authority');
  });
});
