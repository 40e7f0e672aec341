// The unread alarms of the open project in the header (docs/decisions/data.md "Unread alarms in the
// header"): a link to the alarm page, kept current by the project's `log` events (new alarms, reads
// on the page or in another tab). Without an open project there is no count: the overview shows
// the figure over all projects. Hidden while there is nothing unread.
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { API } from '@airloom/contracts';
import { Link, openProjectEvents, projectEventsUrl, VisuallyHidden } from '@airloom/shared-ui';
import { api } from '../shell-context';
import { useShell } from '../state/shell-store';

const Count = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: 36px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.danger};
  color: #fff;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-decoration: none;
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

export function AlarmCount() {
  const { t } = useTranslation();
  const project = useShell((s) => s.project);
  const [unread, setUnread] = useState(0);
  const projectId = project?.id ?? null;

  useEffect(() => {
    setUnread(0);
    if (projectId === null) return;
    let stopped = false;
    let controller: AbortController | null = null;
    const read = () => {
      controller?.abort();
      controller = new AbortController();
      api.call(API.logs.alarms, { params: { id: projectId }, query: { read: '0', pageSize: '1' } as never, signal: controller.signal }).then(
        (data) => !stopped && setUnread(data.unread),
        () => undefined, // a count that could not be read stays as it was
      );
    };
    read();
    const close = openProjectEvents(projectEventsUrl(projectId), {
      onEvent: (event) => {
        if (event.type === 'log' && (event.alarms > 0 || event.read > 0)) read();
      },
      onState: () => undefined,
      onReconnected: read,
    });
    return () => {
      stopped = true;
      controller?.abort();
      close();
    };
  }, [projectId]);

  if (projectId === null || unread === 0) return null;
  return (
    <Count to="/manage/alarminfo" data-testid="unread-alarms">
      {/* the name read out starts with the visible text (WCAG 2.5.3 label in name) */}
      {t('shell.alarms.short', { n: unread > 99 ? '99+' : unread })}
      <VisuallyHidden>, {t('shell.alarms.unread', { count: unread })}</VisuallyHidden>
    </Count>
  );
}
