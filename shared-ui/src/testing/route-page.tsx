// A remote's page rendered at its address and routed by its pattern, with the BFF answers and the
// projects the remotes' tests share (own, read-only share, demo).
import type { ReactElement } from 'react';
import type { MfeProps, ProjectRef } from '../mfe/props';
import { Route, Routes } from '../router/router';
import { renderRemotePage } from './render';

export const ok = (data: unknown) => ({ body: { code: 0, data } });
/** A refusal as the BFF answers it: the catalogue code, its sentence, the fields. */
export const refused = (code: number, message: string, fields: Record<string, string> = {}) => ({ status: 400, body: { code, message, fields } });

export const ownProject: ProjectRef = { id: 1, right: 'rw', netMode: 0, projectName: 'Harbour Hotel', owner: true };
export const readOnlyProject: ProjectRef = { id: 2, right: 'r', netMode: 0, projectName: 'Shared Office', owner: false };
export const demoProject: ProjectRef = { id: 500000, right: 'r', netMode: 0, projectName: 'Demo Hotel', owner: false };

export interface PageOptions {
  project?: ProjectRef;
  demo?: boolean;
}

/** The page at `path`, routed as the remote routes it (`route` is its pattern, e.g. /manage/devconf/:sn/:section). */
export function renderAt(ui: ReactElement, api: MfeProps['api'], path: string, route = path, options: PageOptions = {}) {
  return renderRemotePage(
    <Routes>
      <Route path={route} element={ui} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    api,
    { project: options.project ?? ownProject, demo: options.demo, path },
  );
}
