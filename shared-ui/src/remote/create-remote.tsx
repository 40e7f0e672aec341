// createRemote (ARCHITECTURE §3 remote kit): what every remote is made of. From its name, routes
// and texts it gives the single-spa lifecycles the shell mounts (`./app`) and the standalone page.
// It lives behind `@airloom/shared-ui/remote`, not the main entry, so the shell (whose copy of
// shared-ui every remote uses) does not carry single-spa-react. Routing is shared-ui's own
// (router/history.ts): the remote follows the same address as the shell.
import React, { useMemo, type ReactNode } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { ResourceKey } from 'i18next';
import { AppProviders, MfeContext, Route, Routes, addResources, i18n, routeInHash, type MfeProps } from '@airloom/shared-ui';
import { startStandalone } from './standalone';

export interface RemoteRoute {
  /** a console address of spec §2, e.g. `/manage/status` */
  path: string;
  element: ReactNode;
  /** the page works inside a project (the shell routes here only with one chosen) */
  needsProject?: boolean;
  /** i18n key of the page's title (the standalone page's document title) */
  title?: string;
}

export interface RemoteOptions {
  /** the Module Federation name; also the i18n namespace of `texts` */
  name: string;
  routes: readonly RemoteRoute[];
  texts: ResourceKey;
}

export type RemoteRootProps = MfeProps & { domElement: HTMLElement };

function RemoteRoutes({ routes }: { routes: readonly RemoteRoute[] }) {
  return (
    <Routes>
      {routes.map((r) => (
        <Route key={r.path} path={r.path} element={r.element} />
      ))}
      {/* Any other path belongs to the shell or another remote: render nothing while single-spa
          unmounts us, never redirect (that would fight the user's navigation). */}
      <Route path="*" element={null} />
    </Routes>
  );
}

export function createRemote({ name, routes, texts }: RemoteOptions) {
  addResources(name, texts);

  function RemoteRoot(props: RemoteRootProps) {
    const { session, project, setLoading, navigate, openProject, api, preferences, tableColumns } = props;
    // single-spa hands over new props only on a new mount (the shell remounts on a project change)
    const mfe = useMemo<MfeProps>(
      () => ({ session, project, setLoading, navigate, openProject, api, ...(preferences ? { preferences } : {}), ...(tableColumns ? { tableColumns } : {}) }),
      [session, project, setLoading, navigate, openProject, api, preferences, tableColumns],
    );
    return (
      <AppProviders>
        <MfeContext.Provider value={mfe}>
          <RemoteRoutes routes={routes} />
        </MfeContext.Provider>
      </AppProviders>
    );
  }

  const lifecycles = singleSpaReact<RemoteRootProps>({
    React,
    ReactDOMClient,
    rootComponent: RemoteRoot,
    // A render error stays inside the remote's area; the shell keeps working.
    errorBoundary: () => <p role="alert">{i18n.t('errors.generic.operationFailed')}</p>,
    domElementGetter: (props) => props.domElement,
  });

  /**
   * The remote on its own page (`/remotes/<name>/index.html`): its routes in the URL hash
   * (`#/overview/list`), since the page's own path is the remote's folder; addresses outside the
   * remote leave for the shell.
   */
  function standalone(): Promise<void> {
    const own = (to: string) => routes.some((r) => r.path === to.split(/[?#]/)[0]);
    const first = routes[0];
    if (!window.location.hash && first) window.location.hash = `#${first.path}`;
    routeInHash();
    if (first?.title) document.title = i18n.t(first.title);
    return startStandalone(routes.some((r) => r.needsProject), ({ api, session, project }) => {
      const mfe: MfeProps = {
        session,
        project,
        setLoading: () => {},
        navigate: (to) => {
          if (own(to)) window.location.hash = `#${to}`;
          else window.location.assign(to);
        },
        // The project context belongs to the shell; standalone, "Open" simply hands over to it.
        openProject: () => {},
        api,
      };
      return (
        <MfeContext.Provider value={mfe}>
          <RemoteRoutes routes={routes} />
        </MfeContext.Provider>
      );
    });
  }

  return { bootstrap: lifecycles.bootstrap, mount: lifecycles.mount, unmount: lifecycles.unmount, standalone };
}

export type Remote = ReturnType<typeof createRemote>;
