// The /manage screens work inside one project; without a current one the user picks it here and
// stays on the page they asked for. A link that names the project (`?project=<id>`, as the network
// pages keep it in their address) opens it at once, in a new tab or over the tab's current one, if
// it is one of the user's (docs/decisions/shell-front-end.md).
import { useEffect } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Button, InlineNotice, Spinner, projectRefOf } from '@airloom/shared-ui';
import { openProject } from '../shell-context';
import { ProjectMarkers, useProjectList } from '../layout/ProjectPicker';
import { MessagePage } from './MessagePage';
import { ActionLink } from './NotYetPage';
import { useSearchParams } from '@airloom/shared-ui';

const List = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  & li { display: flex; align-items: center; justify-content: space-between; gap: ${({ theme }) => theme.space.md}; }
`;

export function ProjectChooser() {
  const { t } = useTranslation();
  const { items, failed, reload } = useProjectList();
  const wanted = useSearchParams()[0].get('project');
  const named = wanted ? items?.find((p) => String(p.id) === wanted) : undefined;
  useEffect(() => {
    if (named) openProject(projectRefOf(named));
  }, [named]);
  const body = failed ? (
    <InlineNotice tone="danger">
      {t('shell.chooser.loadFailed')} <Button size="sm" onClick={() => void reload()}>{t('shell.session.retry')}</Button>
    </InlineNotice>
  ) : items === null || named ? (
    <Spinner />
  ) : items.length === 0 ? (
    <p>{t('shell.chooser.empty')}</p>
  ) : (
    <List>
      {items.map((p) => (
        <li key={p.id}>
          <span>
            {p.projectName} <ProjectMarkers project={projectRefOf(p)} />
          </span>
          <Button size="sm" variant="primary" aria-label={t('shell.chooser.open', { name: p.projectName })} onClick={() => openProject(projectRefOf(p))}>
            {t('common.actions.open')}
          </Button>
        </li>
      ))}
    </List>
  );
  return (
    <MessagePage
      title={t('shell.chooser.title')}
      text={t('shell.chooser.text')}
      action={
        <>
          {body}
          <ActionLink to="/overview/list">{t('shell.chooser.toList')}</ActionLink>
        </>
      }
    />
  );
}
