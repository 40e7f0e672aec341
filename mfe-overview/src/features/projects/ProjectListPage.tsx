// /overview/list: every project the user can see, in the shared Table, with create / edit /
// delete where the server would allow it (spec §3 project fields).
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, Button, ConfirmDialog, EmptyState, InlineNotice, Page, PageHeader, Row, Spinner, Table, decide, projectRefOf, useLoad, useMfe, useNotice, type TableColumn } from '@airloom/shared-ui';
import { createOverviewApi, type ProjectItem } from '../../api';
import { zoneLabel } from './zones';
import { ProjectForm } from './ProjectForm';
import { DemoBadge } from '../../components/DemoBadge';

export function ProjectListPage() {
  const { t } = useTranslation('overview');
  const mfe = useMfe();
  const { notify } = useNotice();
  const api = useMemo(() => createOverviewApi(mfe.api), [mfe.api]);
  const list = useLoad((signal) => api.listProjects(signal));
  const [editing, setEditing] = useState<{ project: ProjectItem | null } | null>(null);
  const [deleting, setDeleting] = useState<ProjectItem | null>(null);
  const [busy, setBusy] = useState(false);
  // spec §4: deleting a project unbinds its devices; the dialog says how many before the user confirms
  const [unbound, setUnbound] = useState<{ id: number; devices: number } | null>(null);
  useEffect(() => {
    if (!deleting) return;
    const controller = new AbortController();
    api.deviceCount(deleting.id, controller.signal).then(
      (devices) => setUnbound({ id: deleting.id, devices }),
      () => undefined, // unknown: the dialog just does not say
    );
    return () => controller.abort();
  }, [api, deleting]);
  const deviceCount = deleting && unbound?.id === deleting.id ? unbound.devices : null;

  const columns = useMemo<TableColumn<ProjectItem>[]>(
    () => [
      { id: 'projectName', header: t('column.name'), value: (p) => p.projectName },
      { id: 'netMode', header: t('column.type'), value: (p) => t(`enums.netMode.${p.netMode}`) },
      { id: 'scenario', header: t('column.scenario'), value: (p) => t(`enums.scenario.${p.scenario}`) },
      { id: 'location', header: t('column.location'), value: (p) => p.location },
      { id: 'zone', header: t('column.zone'), value: (p) => zoneLabel(p.zone), searchable: false },
      { id: 'property', header: t('column.property'), value: (p) => t(`enums.projectProperty.${p.property}`) },
      {
        id: 'demo',
        header: t('column.demo'),
        value: (p) => (p.demo ? t('common.demo') : ''),
        cell: (p) => (p.demo ? <DemoBadge /> : null),
      },
    ],
    [t],
  );

  function open(project: ProjectItem) {
    mfe.openProject(projectRefOf(project));
    mfe.navigate('/manage/status');
  }

  async function confirmDelete() {
    if (!deleting) return;
    const project = deleting;
    setBusy(true);
    mfe.setLoading('saving');
    try {
      await api.deleteProject(project.id);
      notify({ tone: 'success', message: t('list.deleted', { name: project.projectName }) });
      setDeleting(null);
      list.reload();
    } catch (err) {
      // The server may refuse what the UI offered (e.g. a share changed meanwhile): say why.
      notify({ tone: 'danger', message: err instanceof ApiError ? err.message : t('errors.generic.operationFailed') });
      setDeleting(null);
    } finally {
      setBusy(false);
      mfe.setLoading('end');
    }
  }

  const canCreate = !mfe.session.demo; // a live-demo session writes nothing (spec §1)

  return (
    <Page>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          canCreate && (
            <Button variant="primary" onClick={() => setEditing({ project: null })}>
              {t('list.create')}
            </Button>
          )
        }
      />
      {list.error && <InlineNotice tone="danger">{t('list.loadFailed', { message: list.error.message })}</InlineNotice>}
      {list.loading && !list.data ? (
        <Spinner />
      ) : (
        <Table
          label={t('list.tableLabel')}
          columns={columns}
          data={list.data?.items ?? NO_PROJECTS}
          getRowId={(p) => String(p.id)}
          initialSort={{ id: 'projectName' }}
          empty={<EmptyState title={t('list.empty')} description={t('list.emptyHint')} />}
          rowActions={(p) => (
            <Row $gap="xs" $wrap={false}>
              <Button size="sm" variant="ghost" aria-label={t('list.openProject', { name: p.projectName })} onClick={() => open(p)}>
                {t('common.actions.open')}
              </Button>
              {decide(mfe.session, projectRefOf(p), 'project.update').ok && (
                <Button size="sm" variant="ghost" aria-label={t('list.editProject', { name: p.projectName })} onClick={() => setEditing({ project: p })}>
                  {t('common.actions.edit')}
                </Button>
              )}
              {decide(mfe.session, projectRefOf(p), 'project.delete').ok && (
                <Button size="sm" variant="ghost" aria-label={t('list.deleteProject', { name: p.projectName })} onClick={() => setDeleting(p)}>
                  {t('common.actions.delete')}
                </Button>
              )}
            </Row>
          )}
        />
      )}
      <ProjectForm
        open={editing !== null}
        project={editing?.project ?? null}
        onClose={() => setEditing(null)}
        onSaved={(saved, mode) => {
          setEditing(null);
          notify({ tone: 'success', message: t(mode === 'create' ? 'list.created' : 'list.updated', { name: saved.projectName }) });
          list.reload();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('list.deleteTitle')}
        message={
          deviceCount === null || deviceCount === 0
            ? t('list.deleteMessage', { name: deleting?.projectName ?? '' })
            : `${t('list.deleteMessage', { name: deleting?.projectName ?? '' })} ${t('list.deleteUnbinds', { count: deviceCount })}`
        }
        confirmLabel={t('common.actions.delete')}
        danger
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Page>
  );
}

const NO_PROJECTS: ProjectItem[] = [];
