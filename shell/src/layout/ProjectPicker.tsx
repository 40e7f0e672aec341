// The current project (spec §3: {id, right, netMode, projectName}, per browser session), chosen
// in the header. A button opening a listbox (WAI-ARIA APG "select-only combobox" pattern): arrows
// move the highlight, Enter or a click chooses, Esc closes — nothing changes until a choice is made.
// Chosen outside a project page (the overview, the project list), it goes into the project, where
// "Open" in the project list goes; on a project page it stays there with the new project.
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { API, isDemoProject, type ProjectItem } from '@airloom/contracts';
import { Badge, popoverSurface, projectRefOf, type ProjectRef } from '@airloom/shared-ui';
import { projectLanding } from '../menu/filter';
import { findEntry, MENU_TREE } from '../menu/tree';
import { menuContext } from '../routing/resolve-route';
import { useLocation } from '@airloom/shared-ui';
import { api, clientStorage, navigate, openProject } from '../shell-context';
import { shellStore, useShell } from '../state/shell-store';

const Wrap = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
`;

const Label = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Trigger = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  min-width: min(260px, 100%);
  max-width: 420px;
  min-height: 36px;
  padding: 4px ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.controlBorder};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
  @media (max-width: 767px) { max-width: none; }
`;

const Current = styled.span`
  flex: 1;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const ListBox = styled.ul`
  ${popoverSurface}
  left: 0;
  z-index: 60;
  min-width: 100%;
  max-height: min(360px, 60vh);
  overflow: auto;
  margin: 0;
  padding: ${({ theme }) => theme.space.xs};
  list-style: none;
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
`;

const Option = styled.li<{ $active: boolean }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: 6px ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.sm};
  cursor: pointer;
  background: ${({ $active, theme }) => ($active ? theme.colors.badge.info.bg : 'transparent')};
  outline: ${({ $active, theme }) => ($active ? `2px solid ${theme.colors.primary}` : 'none')};
  &[aria-selected='true'] { font-weight: ${({ theme }) => theme.fontWeights.bold}; }
`;

const Markers = styled.span`
  display: inline-flex;
  flex: none;
  gap: ${({ theme }) => theme.space.xs};
`;

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
      const list = await api.call(API.projects.list);
      setItems(list.items);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => { void reload(); }, [reload]);
  return { items, failed, reload };
}

/** Makes `project` current; from a page outside any project, goes into it. */
export function chooseProject(project: ProjectRef, pathname: string): void {
  openProject(project);
  if (findEntry(MENU_TREE, pathname)?.needsProject) return;
  const { accessType, remotes, session } = shellStore.getState();
  const landing = projectLanding(MENU_TREE, menuContext({ accessType, project, remotes, session }));
  if (landing) navigate(landing);
}

export function ProjectPicker() {
  const { t } = useTranslation();
  const current = useShell((s) => s.project);
  const { pathname } = useLocation();
  const { items, reload } = useProjectList();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const id = useId().replace(/:/g, '');
  const labelId = `${id}-label`;
  const session = useShell((s) => s.session);
  // Demo projects the account hid stay out of the list (unless one is the current project).
  const hideDemo = session ? clientStorage.getHideDemoProjects(session.account) && !session.demo : false;
  const list = (items ?? []).filter((p) => !(hideDemo && p.demo && p.id !== current?.id));

  const show = (at: 'current' | 'first' | 'last' = 'current') => {
    // The list may have changed in a remote (a project created or deleted): refresh on opening.
    void reload();
    const here = list.findIndex((p) => p.id === current?.id);
    setActive(at === 'last' ? Math.max(list.length - 1, 0) : at === 'first' || here < 0 ? 0 : here);
    setOpen(true);
  };
  const hide = (focusTrigger = true) => {
    setOpen(false);
    if (focusTrigger) triggerRef.current?.focus();
  };
  const choose = (project: ProjectItem) => {
    hide();
    chooseProject(projectRefOf(project), pathname);
  };

  useEffect(() => {
    if (!open) return;
    listRef.current?.focus();
    const onPointer = (e: PointerEvent) => { if (!wrapRef.current?.contains(e.target as Node)) setOpen(false); };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);
  useEffect(() => {
    if (open) listRef.current?.querySelector(`#${id}-opt-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, id]);

  const onTriggerKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      show(e.key === 'ArrowUp' ? 'last' : 'current');
    }
  };
  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const last = list.length - 1;
    const moves: Record<string, number> = { ArrowDown: Math.min(active + 1, last), ArrowUp: Math.max(active - 1, 0), Home: 0, End: last };
    if (e.key in moves) {
      e.preventDefault();
      setActive(moves[e.key] ?? 0);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const project = list[active];
      if (project) choose(project);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      hide();
    } else if (e.key === 'Tab') {
      hide(false);
    }
  };

  return (
    <Wrap ref={wrapRef}>
      <Label id={labelId}>{t('shell.header.project')}</Label>
      <Trigger
        ref={triggerRef}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        id={`${id}-trigger`}
        // "Current project" + everything visible on the button (name and markers): WCAG 2.5.3
        aria-labelledby={`${labelId} ${id}-trigger`}
        onClick={() => (open ? hide() : show())}
        onKeyDown={onTriggerKey}
      >
        <Current>{current ? current.projectName : t('shell.header.chooseProject')}</Current>
        {current && <ProjectMarkers project={current} />}
        <span aria-hidden="true">▾</span>
      </Trigger>
      {open && (
        <ListBox
          ref={listRef}
          id={`${id}-list`}
          role="listbox"
          tabIndex={-1}
          aria-labelledby={labelId}
          aria-activedescendant={list[active] ? `${id}-opt-${active}` : undefined}
          onKeyDown={onListKey}
        >
          {list.map((p, index) => (
            <Option
              key={p.id}
              id={`${id}-opt-${index}`}
              role="option"
              aria-selected={p.id === current?.id}
              $active={index === active}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(p)}
            >
              <span>{p.projectName}</span>
              <ProjectMarkers project={projectRefOf(p)} />
            </Option>
          ))}
        </ListBox>
      )}
    </Wrap>
  );
}
