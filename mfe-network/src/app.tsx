// The one module this remote exposes (`./app`): single-spa lifecycles (ARCHITECTURE §3).
// The shell passes MfeProps + domElement as customProps.
import React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { AppProviders, addResources, i18n, type MfeProps } from '@airloom/shared-ui';
import { networkEn } from './texts';
import { NetworkRoutes } from './routes';
import { MfeContext } from './mfe-context';
import { usePathname } from './use-pathname';

addResources('network', networkEn);

export type NetworkRootProps = MfeProps & { domElement: HTMLElement };

export function NetworkRoot(props: NetworkRootProps) {
  const { session, project, setLoading, navigate, openProject, api } = props;
  const mfe: MfeProps = { session, project, setLoading, navigate, openProject, api };
  const pathname = usePathname();
  return (
    <AppProviders>
      <MfeContext.Provider value={mfe}>
        <NetworkRoutes pathname={pathname} />
      </MfeContext.Provider>
    </AppProviders>
  );
}

const lifecycles = singleSpaReact<NetworkRootProps>({
  React,
  ReactDOMClient,
  rootComponent: NetworkRoot,
  // A render error stays inside the remote's area; the shell keeps working.
  errorBoundary: () => <p role="alert">{i18n.t('errors.generic.operationFailed')}</p>,
  domElementGetter: (props) => props.domElement,
});

export const { bootstrap, mount, unmount } = lifecycles;
