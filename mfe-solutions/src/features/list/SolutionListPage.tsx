// /overview/solutions: the saved solutions (spec §3 solution fields: name, scenario, modified date,
// shared account, type, preferred policy), the account's own and those shared with it read-only.
// Open one, design a new one, or delete your own after confirming.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SolutionListItem } from '@airloom/contracts';
import { ApiError, Badge, Button, ConfirmDialog, EmptyState, InlineNotice, Page, PageHeader, Row, Spinner, Table, useLoad, useMfe, useNotice, type TableColumn } from '@airloom/shared-ui';
import { createSolutionsApi } from '../../api';
import { utcMinute } from '../designer/format';

const NO_SOLUTIONS: SolutionListItem[] = [];

export function SolutionListPage() {
  const { t } = useTranslation('solutions');
  const mfe = useMfe();
  const { notify } = useNotice();
  const api = useMemo(() => createSolutionsApi(mfe.api), [mfe.api]);
  const list = useLoad((signal) => api.list(signal));
  const [deleting, setDeleting] = useState<SolutionListItem | null>(null);
  const [busy, setBusy] = useState(false);

  const columns = useMemo<TableColumn<SolutionListItem>[]>(
    () => [
      { id: 'name', header: t('list.column.name'), value: (s) => s.name },
      { id: 'scenario', header: t('list.column.scenario'), value: (s) => s.customScenarioName ?? t(`enums.solutionScenario.${s.scenario}`) },
      { id: 'modifiedAt', header: t('list.column.modifiedAt'), value: (s) => utcMinute(s.modifiedAt), searchable: false },
      {
        id: 'shared',
        header: t('list.column.shared'),
        value: (s) => (s.readOnly ? s.owner : s.sharedAccounts.join(', ')),
        cell: (s) => (s.readOnly ? <><Badge>{t('list.readOnly')}</Badge> {s.owner}</> : s.sharedAccounts.join(', ')),
      },
      { id: 'type', header: t('list.column.type'), value: (s) => t(`enums.solutionType.${s.type}`) },
      { id: 'policy', header: t('list.column.policy'), value: (s) => t(`enums.solutionPolicy.${s.policy}`) },
      { id: 'devices', header: t('list.column.devices'), value: (s) => s.devices, searchable: false },
    ],
    [t],
  );

  async function confirmDelete() {
    if (!deleting) return;
    const target = deleting;
    setBusy(true);
    mfe.setLoading('saving');
    try {
      await api.remove(target.id);
      notify({ tone: 'success', message: t('list.deleted', { name: target.name }) });
      list.reload();
    } catch (err) {
      notify({ tone: 'danger', message: err instanceof ApiError ? err.message : t('errors.generic.operationFailed') });
    } finally {
      setDeleting(null);
      setBusy(false);
      mfe.setLoading('end');
    }
  }

  const canCreate = !mfe.session.demo; // a live-demo session writes nothing (spec §1)
  const create = canCreate && (
    <Button variant="primary" onClick={() => mfe.navigate('/overview/solutions/new')}>
      {t('list.create')}
    </Button>
  );

  return (
    <Page>
      <PageHeader title={t('list.title')} description={t('list.description')} actions={create} />
      {list.error && <InlineNotice tone="danger">{t('list.loadFailed', { message: list.error.message })}</InlineNotice>}
      {list.loading && !list.data ? (
        <Spinner />
      ) : (
        <Table
          label={t('list.tableLabel')}
          columns={columns}
          data={list.data?.items ?? NO_SOLUTIONS}
          getRowId={(s) => String(s.id)}
          empty={<EmptyState title={t('list.empty')} description={t('list.emptyHint')} action={create} />}
          rowActions={(s) => (
            <Row $gap="xs" $wrap={false}>
              <Button size="sm" variant="ghost" aria-label={t('list.open', { name: s.name })} onClick={() => mfe.navigate(`/overview/solutions/${s.id}`)}>
                {t('common.actions.open')}
              </Button>
              {!s.readOnly && !mfe.session.demo && (
                <Button size="sm" variant="ghost" aria-label={t('list.delete', { name: s.name })} onClick={() => setDeleting(s)}>
                  {t('common.actions.delete')}
                </Button>
              )}
            </Row>
          )}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('list.deleteTitle')}
        message={t('list.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('common.actions.delete')}
        danger
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Page>
  );
}
