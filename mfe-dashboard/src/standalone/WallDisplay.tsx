// The wall display's page: signs in (API key or session), then shows the data screen. A start
// without network (the display powered on before the router) tries again every few seconds. A key
// that can change settings is refused and forgotten: a wall is in view of everybody, so it holds
// a read-only key only (docs/decisions/datascreen.md, "Wall display").
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { authEndpoints, type ActivationSummary, type MeResponse } from '@airloom/contracts';
import { ApiError, MfeContext, type MfeProps } from '@airloom/shared-ui';
import { DataScreenContext } from '../features/datascreen/context';
import { DataScreenPage } from '../features/datascreen/DataScreenPage';
import { Muted, Panel, Wall, wall } from '../features/datascreen/wall';
import { WallButton } from '../features/datascreen/Controls';
import { FIRST_RANGE } from '../features/datascreen/useDataScreen';
import { createDashboardApi } from '../api';
import { rememberKey, wallAccess } from './wall-display';

export const START_RETRY_MS = 5000;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 10px;
  max-width: 420px;
  label { display: flex; flex-direction: column; gap: 4px; color: ${wall.muted}; }
  input { background: ${wall.background}; color: ${wall.text}; border: 1px solid ${wall.border}; border-radius: 6px; padding: 8px; font: inherit; }
`;

/** why the last key was not taken: unknown or revoked, or one that can change settings */
type Refusal = 'refused' | 'readWrite' | null;
type Stage =
  | { kind: 'starting' }
  | { kind: 'signIn'; refused: Refusal }
  /** `summary`: the screen's first summary, asked for beside the sign-in check (undefined when that failed: the screen asks again) */
  | { kind: 'ready'; session: MeResponse; summary: ActivationSummary | undefined }
  | { kind: 'offline'; message: string };

export function WallDisplay({ initialKey, search, storage, doFetch }: { initialKey: string | null; search: string; storage: Storage; doFetch?: typeof fetch }) {
  const { t } = useTranslation('dashboard');
  const [key, setKey] = useState(initialKey);
  const [stage, setStage] = useState<Stage>({ kind: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const refuse = useCallback(
    (why: Exclude<Refusal, null>) => {
      rememberKey(storage, null);
      setKey(null);
      setStage({ kind: 'signIn', refused: why });
    },
    [storage],
  );
  const access = useMemo(() => wallAccess(key, search, () => undefined, doFetch), [key, search, doFetch]);

  useEffect(() => {
    let stop = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // the screen's first summary goes out beside the sign-in check, so the screen is first drawn with
    // its numbers (one round trip and one drawing fewer); shown only once that check has passed
    const summary = createDashboardApi(access.api)
      .summary(FIRST_RANGE, [])
      .catch(() => undefined);
    access.api.call(authEndpoints.me).then(
      async (session) => {
        if (stop) return;
        if (session.apiKey && session.apiKey.access !== 'r') return refuse('readWrite');
        const first = await summary;
        if (!stop) setStage({ kind: 'ready', session, summary: first });
      },
      (err: unknown) => {
        if (stop) return;
        if (err instanceof ApiError && err.status === 401) {
          if (access.key) refuse('refused');
          else setStage({ kind: 'signIn', refused: null });
          return;
        }
        setStage({ kind: 'offline', message: (err as Error).message });
        retry = setTimeout(() => setAttempt((a) => a + 1), START_RETRY_MS);
      },
    );
    return () => {
      stop = true;
      clearTimeout(retry);
    };
  }, [access, attempt, refuse]);

  const mfe = useMemo<MfeProps | null>(
    () =>
      stage.kind === 'ready'
        ? { session: stage.session, project: null, setLoading: () => {}, navigate: (to) => window.location.assign(to), openProject: () => {}, api: access.api }
        : null,
    [stage, access.api],
  );

  const firstSummary = stage.kind === 'ready' ? stage.summary : undefined;
  const settings = useMemo(() => ({ ...access.settings, firstSummary }), [access.settings, firstSummary]);
  if (mfe) {
    return (
      <MfeContext.Provider value={mfe}>
        <DataScreenContext.Provider value={settings}>
          <DataScreenPage />
        </DataScreenContext.Provider>
      </MfeContext.Provider>
    );
  }
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const typed = String(new FormData(e.currentTarget).get('key') ?? '').trim();
    if (!typed) return;
    rememberKey(storage, typed);
    setStage({ kind: 'starting' });
    setKey(typed);
  };
  return (
    <Wall>
      <h1>{t('title')}</h1>
      {stage.kind === 'offline' && (
        <Muted role="alert">
          {t('loadFailed', { message: stage.message })} {t('retrying')}
        </Muted>
      )}
      {stage.kind === 'signIn' && (
        <Panel aria-labelledby="sign-in-title">
          <h2 id="sign-in-title">{t('standalone.signIn')}</h2>
          <Form onSubmit={submit}>
            <label>
              {t('standalone.keyLabel')}
              <input name="key" autoComplete="off" spellCheck={false} required />
            </label>
            <Muted>{t('standalone.keyHint')}</Muted>
            {stage.refused && <Muted role="alert">{t(`standalone.${stage.refused}`)}</Muted>}
            <WallButton type="submit">{t('standalone.submit')}</WallButton>
          </Form>
        </Panel>
      )}
    </Wall>
  );
}
