// The current project (spec §3: {id, right, netMode, projectName}, per browser session), chosen
// in the header. Type, demo and read-only markers are shown as text, not colour alone.
import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { isDemoProject, type ProjectItem, type ProjectListResponse } from '@airloom/contracts';
import { Badge, Select, type ProjectRef } from '@airloom/shared-ui';
import { api, openProject } from '../shell-context';
import { useShell } from '../state/shell-store';

const Wrap = styled.div`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 260px;
  & label { font-size: ${({ theme }) => theme.fontSizes.xs}; }
`;

const Markers = styled.span`
  display: inline-flex;
  gap: ${({ theme }) => theme.space.xs};
  padding-bottom: 8px;
`;

export const toProjectRef = (p: Pick<ProjectItem, 'id' | 'right' | 'netMode' | 'projectName'>): ProjectRef => ({
  id: p.id, right: p.right, netMode: p.netMode, projectName: p.projectName,
});

export function ProjectMarkers({ project }: { project: ProjectRef }) {
  const { t } = useTranslation();
  return (
    <Markers>
      <Badge $tone="info">{t(project.netMode === 1 ? 'shell.header.mesh' : 'shell.header.wlan')}</Badge>
      {isDemoProject(project.id) && <Badge $tone="warning">{t('shell.header.demo')}</Badge>}
      {project.right === 'r' && <Badge>{t('shell.header.readOnly')}</Badge>}
    </Markers>
  );
}

export function useProjectList() {
  const [items, setItems] = useState<ProjectItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(async () => {
    try {
      const list = await api.get<ProjectListResponse>('/projects');
      setItems(list.items);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => { void reload(); }, [reload]);
  return { items, failed, reload };
}

export function ProjectPicker() {
  const { t } = useTranslation();
  const current = useShell((s) => s.project);
  const { items, reload } = useProjectList();

  const list = items ?? [];
  const options = list.map((p) => {
    const markers = [t(p.netMode === 1 ? 'shell.header.mesh' : 'shell.header.wlan')];
    if (p.demo || isDemoProject(p.id)) markers.push(t('shell.header.demo'));
    if (p.right === 'r') markers.push(t('shell.header.readOnly'));
    return { value: String(p.id), label: `${p.projectName} (${markers.join(', ')})` };
  });
  if (current && !list.some((p) => p.id === current.id)) {
    options.unshift({ value: String(current.id), label: current.projectName });
  }

  return (
    <Wrap>
      <Select
        label={t('shell.header.project')}
        value={current ? String(current.id) : ''}
        placeholder={current ? undefined : t('shell.header.chooseProject')}
        options={options}
        // The list may have changed in a remote (a project created or deleted): refresh on focus.
        onFocus={() => void reload()}
        onChange={(value) => {
          const chosen = list.find((p) => String(p.id) === value);
          if (chosen) openProject(toProjectRef(chosen));
        }}
      />
      {current && <ProjectMarkers project={current} />}
    </Wrap>
  );
}
