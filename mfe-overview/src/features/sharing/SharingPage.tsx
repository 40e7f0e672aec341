// /manage/authority (spec §2 "Permission sharing", §3 Project share): who the current project is
// shared with — account, role, permission, validity (permanent or until a time), share time, period
// (the hours granted) and status (active or expired); share, change, end now and revoke. Only the owner manages shares (can(): project.share); anybody else is told so.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type ShareItem } from '@airloom/contracts';
import { ApiError, Badge, Button, ConfirmDialog, EmptyState, InlineNotice, Page, PageHeader, Row, Spinner, Table, refusalText, useCan, useLoad, useMfe, useNotice, type ProjectRef, type TableColumn } from '@airloom/shared-ui';
import { createOverviewApi } from '../../api';
import { ShareForm } from './ShareForm';
import { TransferSection } from './TransferSection';

type Pending = { kind: 'end' | 'remove'; share: ShareItem };

function formatTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function SharingPage() {
  const { project } = useMfe();
  // the shell asks for a project before a /manage page; another project starts afresh
  return project ? <ProjectShares key={project.id} project={project} /> : null;
}

function ProjectShares({ project }: { project: ProjectRef }) {
  const { t } = useTranslation('overview');
  const mfe = useMfe();
  const { notify } = useNotice();
  const allowed = useCan('project.share');
  // the live demo shows its seeded shares with every action there but disabled, saying why
  const visible = useCan('project.viewShares');
  const demoReason = !allowed.ok && allowed.code === ErrorCode.DEMO_PROJECT ? refusalText(allowed.code) : undefined;
  const api = useMemo(() => createOverviewApi(mfe.api), [mfe.api]);
  const shares = useLoad((signal) => (visible.ok ? api.listShares(project.id, signal) : Promise.resolve(null)));
  const [editing, setEditing] = useState<{ share: ShareItem | null } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const columns = useMemo<TableColumn<ShareItem>[]>(
    () => [
      { id: 'account', header: t('sharing.column.account'), value: (s) => `${s.nick} ${s.account}`, cell: (s) => (<><div>{s.nick}</div><small>{s.account}</small></>) },
      { id: 'role', header: t('sharing.column.role'), value: (s) => t(`sharing.role.${s.role}`), cell: (s) => <span title={t('sharing.roleHint')}>{t(`sharing.role.${s.role}`)}</span> },
      { id: 'permission', header: t('sharing.column.permission'), value: (s) => t(`sharing.permission.${s.permission}`) },
      {
        id: 'validity',
        header: t('sharing.column.validity'),
        // sorted by the end, permanent last
        value: (s) => s.expiresAt ?? '9999',
        cell: (s) => (s.expiresAt ? t('sharing.until', { time: formatTime(s.expiresAt) }) : t('sharing.validity.permanent')),
        searchable: false,
      },
      { id: 'sharedAt', header: t('sharing.column.sharedAt'), value: (s) => s.sharedAt, cell: (s) => formatTime(s.sharedAt), searchable: false },
      {
        id: 'period',
        header: t('sharing.column.period'),
        // what the owner granted: so many hours, or permanent (sorted last)
        value: (s) => s.periodHours ?? Number.MAX_SAFE_INTEGER,
        cell: (s) => (s.periodHours === null ? t('sharing.period.permanent') : t('sharing.periodHours', { count: s.periodHours })),
        searchable: false,
      },
      {
        id: 'status',
        header: t('sharing.column.status'),
        value: (s) => t(`sharing.status.${s.status}`),
        cell: (s) => <Badge $tone={s.status === 'active' ? 'success' : 'neutral'}>{t(`sharing.status.${s.status}`)}</Badge>,
      },
    ],
    [t],
  );

  async function confirmPending() {
    if (!pending) return;
    const { kind, share } = pending;
    setBusy(true);
    try {
      if (kind === 'end') await api.updateShare(project.id, share.id, { endNow: true });
      else await api.removeShare(project.id, share.id);
      notify({ tone: 'success', message: t(kind === 'end' ? 'sharing.ended' : 'sharing.removed', { account: share.account }) });
      shares.reload();
    } catch (err) {
      notify({ tone: 'danger', message: err instanceof ApiError ? err.message : t('errors.generic.operationFailed') });
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  return (
    <Page>
      <PageHeader
        title={t('sharing.title')}
        description={t('sharing.description', { name: project.projectName })}
        actions={
          (allowed.ok || demoReason) && (
            <Button variant="primary" disabled={!allowed.ok} disabledReason={demoReason} onClick={() => setEditing({ share: null })}>
              {t('sharing.share')}
            </Button>
          )
        }
      />
      {!visible.ok ? (
        <InlineNotice tone="info">{t('sharing.ownerOnly')}</InlineNotice>
      ) : (
        <>
          {shares.error && <InlineNotice tone="danger">{t('sharing.loadFailed', { message: shares.error.message })}</InlineNotice>}
          {shares.loading && !shares.data ? (
            <Spinner />
          ) : (
            <Table
              label={t('sharing.tableLabel')}
              columns={columns}
              data={shares.data?.items ?? NO_SHARES}
              getRowId={(s) => String(s.id)}
              initialSort={{ id: 'sharedAt', desc: true }}
              empty={<EmptyState title={t('sharing.empty')} description={t('sharing.emptyHint')} />}
              rowActions={(s) => {
                const off = { disabled: !allowed.ok, disabledReason: demoReason, reasonDisplay: 'info' as const };
                return (
                  <Row $gap="xs" $wrap={false}>
                    <Button size="sm" variant="ghost" aria-label={t('sharing.changeShare', { account: s.account })} {...off} onClick={() => setEditing({ share: s })}>
                      {t('sharing.change')}
                    </Button>
                    {s.status === 'active' && (
                      <Button size="sm" variant="ghost" aria-label={t('sharing.endShare', { account: s.account })} {...off} onClick={() => setPending({ kind: 'end', share: s })}>
                        {t('sharing.end')}
                      </Button>
                    )}
                    <Button size="sm" variant="ghost" aria-label={t('sharing.removeShare', { account: s.account })} {...off} onClick={() => setPending({ kind: 'remove', share: s })}>
                      {t('sharing.remove')}
                    </Button>
                  </Row>
                );
              }}
            />
          )}
          <TransferSection api={api} project={project} disabledReason={demoReason} />
        </>
      )}
      <ShareForm
        open={editing !== null}
        api={api}
        projectId={project.id}
        share={editing?.share ?? null}
        onClose={() => setEditing(null)}
        onSaved={(saved, mode) => {
          setEditing(null);
          notify({ tone: 'success', message: t(mode === 'create' ? 'sharing.created' : 'sharing.updated', { account: saved.account }) });
          shares.reload();
        }}
        onInvited={(invitation) => {
          setEditing(null);
          notify({ tone: 'success', message: t('sharing.invite.sent', { account: invitation.to, until: new Date(invitation.expiresAt).toLocaleString() }) });
        }}
      />
      <ConfirmDialog
        open={pending !== null}
        title={t(pending?.kind === 'end' ? 'sharing.endTitle' : 'sharing.removeTitle')}
        message={t(pending?.kind === 'end' ? 'sharing.endMessage' : 'sharing.removeMessage', { account: pending?.share.account ?? '', name: project.projectName })}
        confirmLabel={t(pending?.kind === 'end' ? 'sharing.end' : 'sharing.remove')}
        danger
        busy={busy}
        onConfirm={() => void confirmPending()}
        onCancel={() => setPending(null)}
      />
    </Page>
  );
}

const NO_SHARES: ShareItem[] = [];
