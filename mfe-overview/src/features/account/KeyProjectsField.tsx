// The projects an API key reaches, chosen when it is made: every project of the account (also the
// ones added later), or only the ones ticked here (contracts' ApiKeyCreateRequest `projects`; the
// server checks again that the account sees each one). The demo projects are not offered: everybody
// reads them without a key's scope.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { InlineNotice, Spinner, useLoad } from '@airloom/shared-ui';
import type { OverviewApi } from '../../api';

const Choice = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  legend { font-weight: 600; margin-bottom: ${({ theme }) => theme.space.xs}; }
  label { display: inline-flex; align-items: center; gap: ${({ theme }) => theme.space.xs}; min-height: 36px; }
`;

const ProjectList = styled.ul`
  list-style: none;
  margin: 0 0 0 ${({ theme }) => theme.space.xl};
  padding: 0;
  max-height: 40vh;
  overflow: auto;
`;

const FieldError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

export function KeyProjectsField({ api, value, onChange, error }: {
  api: OverviewApi;
  /** null: every project of the account */
  value: number[] | null | undefined;
  onChange: (next: number[] | null) => void;
  error?: string | null;
}) {
  const { t } = useTranslation('overview');
  const id = `kp${useId().replace(/:/g, '')}`;
  const loaded = useLoad((signal) => api.listProjects(signal));
  const projects = (loaded.data?.items ?? []).filter((p) => !p.demo);
  const chosen = value ?? null;
  const toggle = (projectId: number, on: boolean) => {
    const rest = (chosen ?? []).filter((p) => p !== projectId);
    onChange(on ? [...rest, projectId] : rest);
  };
  return (
    <Choice aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{t('account.keys.projects')}</legend>
      <label>
        <input type="radio" name={`${id}-scope`} checked={chosen === null} onChange={() => onChange(null)} />
        {t('account.keys.allProjectsLater')}
      </label>
      <label>
        <input type="radio" name={`${id}-scope`} checked={chosen !== null} disabled={projects.length === 0} onChange={() => onChange([])} />
        {t('account.keys.chosenProjects')}
      </label>
      {loaded.loading && !loaded.data && <Spinner />}
      {loaded.error && <InlineNotice tone="danger">{loaded.error.message}</InlineNotice>}
      {loaded.data && projects.length === 0 && <p>{t('account.keys.noProjects')}</p>}
      {chosen !== null && (
        <ProjectList aria-label={t('account.keys.projects')}>
          {projects.map((p) => (
            <li key={p.id}>
              <label>
                <input type="checkbox" checked={chosen.includes(p.id)} onChange={(e) => toggle(p.id, e.target.checked)} />
                {p.projectName}
              </label>
            </li>
          ))}
        </ProjectList>
      )}
      {error && <FieldError id={`${id}-error`} role="alert">{error}</FieldError>}
    </Choice>
  );
}
