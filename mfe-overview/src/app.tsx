// The one module this remote exposes (`./app`): single-spa lifecycles (ARCHITECTURE §3).
// The shell passes MfeProps + domElement as customProps.
import React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { BrowserRouter } from 'react-router';
import { AppProviders, addResources, i18n, type MfeProps } from '@airloom/shared-ui';
import { overviewEn } from './texts';
import { OverviewRoutes } from './routes';
import { MfeContext } from './mfe-context';

addResources('overview', overviewEn);

export type OverviewRootProps = MfeProps & { domElement: HTMLElement };

export function OverviewRoot(props: OverviewRootProps) {
  const { session, project, setLoading, navigate, openProject, api } = props;
  const mfe: MfeProps = { session, project, setLoading, navigate, openProject, api };
  return (
    <AppProviders>
      <MfeContext.Provider value={mfe}>
        <BrowserRouter>
          <OverviewRoutes />
        </BrowserRouter>
      </MfeContext.Provider>
    </AppProviders>
  );
}

const lifecycles = singleSpaReact<OverviewRootProps>({
  React,
  ReactDOMClient,
  rootComponent: OverviewRoot,
  // A render error stays inside the remote's area; the shell keeps working.
  errorBoundary: () => <p role="alert">{i18n.t('errors.generic.operationFailed')}</p>,
  domElementGetter: (props) => props.domElement,
});

export const { bootstrap, mount, unmount } = lifecycles;
