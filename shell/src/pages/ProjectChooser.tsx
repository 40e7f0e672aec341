// The /manage screens work inside one project; without a current one the user picks it here and
// stays on the page they asked for.
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Button, InlineNotice, Spinner } from '@airloom/shared-ui';
import { openProject } from '../shell-context';
import { ProjectMarkers, toProjectRef, useProjectList } from '../layout/ProjectPicker';
import { MessagePage } from './MessagePage';
import { ActionLink } from './NotYetPage';

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
  const body = failed ? (
    <InlineNotice tone="danger">
      {t('shell.chooser.loadFailed')} <Button size="sm" onClick={() => void reload()}>{t('shell.session.retry')}</Button>
    </InlineNotice>
  ) : items === null ? (
    <Spinner />
  ) : items.length === 0 ? (
    <p>{t('shell.chooser.empty')}</p>
  ) : (
    <List>
      {items.map((p) => (
        <li key={p.id}>
          <span>
            {p.projectName} <ProjectMarkers project={toProjectRef(p)} />
          </span>
          <Button size="sm" variant="primary" aria-label={t('shell.chooser.open', { name: p.projectName })} onClick={() => openProject(toProjectRef(p))}>
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
