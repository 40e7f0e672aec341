// `@airloom/shared-ui/remote`: createRemote, for a remote's `src/app.tsx` (ARCHITECTURE §3).
export { createRemote } from './remote/create-remote';
export type { Remote, RemoteOptions, RemoteRoute, RemoteRootProps } from './remote/create-remote';
