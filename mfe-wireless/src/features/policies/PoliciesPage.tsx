// Wireless policies (spec §2 /manage/wirelessconf, §3, §4 "applied only after the user confirms"): the
// confirmed policies, the pending change as a diff with the devices it reaches (Confirm / Discard), and
// the Wi-Fi devices' state while they apply it (status 7 → 1, live from the project's event stream).
// Read-only with the reason where can() refuses wireless.configure.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode, SECURITY_MODE_LABELS, type PendingWireless, type WirelessDevice, type WirelessPoliciesView } from '@airloom/contracts';
import {
  ApiError,
  Badge,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  InlineNotice,
  Page,
  PageHeader,
  Row,
  Spinner,
  Stack,
  Table,
  refusalText,
  useCan,
  useLoad,
  useMfe,
  useNotice,
  useProjectEvents,
  type ProjectRef,
  type TableColumn,
} from '@airloom/shared-ui';
import { createPoliciesApi, type PoliciesApi } from './api';
import { PolicyDialog } from './PolicyDialog';
import type { WirelessPolicy, WirelessPolicyInput } from './policy-model';

export function PoliciesPage() {
  const { t } = useTranslation('wireless');
  const { project } = useMfe();
  if (!project) {
    return (
      <Page>
        <EmptyState title={t('policies.title')} />
      </Page>
    );
  }
  return <Policies key={project.id} project={project} />;
}

const errorText = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

function Policies({ project }: { project: ProjectRef }) {
  const { t } = useTranslation('wireless');
  const mfe = useMfe();
  const { notify } = useNotice();
  const api = useMemo<PoliciesApi>(() => createPoliciesApi(mfe.api, project.id), [mfe.api, project.id]);
  const list = useLoad((signal) => api.list(signal));
  const may = useCan('wireless.configure');
  const [editing, setEditing] = useState<WirelessPolicy | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WirelessPolicy | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const [busy, setBusy] = useState(false);
  const { reload } = list;

  // device status (7 → 1) and configuration results arrive on the project's stream: read the page again
  useProjectEvents(project.id, {
    onEvent: (event) => {
      if (event.type === 'config' || event.type === 'device') reload();
    },
    onReconnected: reload,
  });

  const view = list.data;
  const pending = view?.pending ?? null;
  // the list the person works on: the pending one when there is one
  const shown: WirelessPolicy[] = (pending?.policies ?? view?.policies ?? []) as WirelessPolicy[];

  async function run(work: () => Promise<unknown>, done: string | null): Promise<boolean> {
    setBusy(true);
    mfe.setLoading('saving');
    try {
      await work();
      if (done) notify({ tone: 'info', message: done });
      reload();
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.code === ErrorCode.CONFIG_CONFLICT) notify({ tone: 'warning', message: t('policies.pending.changed') });
      else notify({ tone: 'danger', message: t('policies.saveFailed', { message: errorText(err, t('policies.form.invalid')) }) });
      reload();
      return false;
    } finally {
      mfe.setLoading('end');
      setBusy(false);
    }
  }

  async function save(policy: WirelessPolicyInput) {
    mfe.setLoading('saving');
    try {
      if (editing === 'new') await api.create(policy);
      else if (editing) await api.update(editing.id, policy);
      setEditing(null);
      reload();
    } finally {
      mfe.setLoading('end');
    }
  }

  const mainId = view?.mainPolicyId ?? null;
  const columns = useMemo<TableColumn<WirelessPolicy>[]>(
    () => [
      { id: 'name', header: t('policies.column.name'), value: (p) => p.name, hideable: false },
      { id: 'ssid', header: t('policies.column.ssid'), value: (p) => (p.band === 'dual' ? `${p.ssid} / ${p.ssid5 ?? ''}` : p.ssid) },
      { id: 'band', header: t('policies.column.band'), value: (p) => t(`policies.form.bands.${p.band}`) },
      { id: 'security', header: t('policies.column.security'), value: (p) => SECURITY_MODE_LABELS[p.securityMode as keyof typeof SECURITY_MODE_LABELS] ?? String(p.securityMode) },
      { id: 'vlan', header: t('policies.column.vlan'), value: (p) => (p.vlanId === null ? t('policies.none') : String(p.vlanId)) },
      { id: 'clients', header: t('policies.column.clients'), value: (p) => p.maxClients },
      {
        id: 'flags',
        header: t('policies.column.flags'),
        value: (p) =>
          [
            p.id === mainId ? t('policies.main') : '',
            p.hidden ? t('policies.hidden') : '',
            p.guest ? t('policies.guest') : '',
            p.schedule ? t('policies.scheduled') : '',
            p.rateLimit ? t('policies.rateLimited', { up: p.rateLimit.uploadMbps, down: p.rateLimit.downloadMbps }) : '',
          ]
            .filter(Boolean)
            .join(', ') || t('policies.none'),
      },
      { id: 'devices', header: t('policies.column.devices'), value: (p) => (p.applyTo === 'all' ? t('policies.all') : t('policies.specified', { count: p.sns.length })) },
    ],
    [t, mainId],
  );

  return (
    <Page>
      <PageHeader
        title={t('policies.title')}
        description={t('policies.description', { project: project.projectName })}
        actions={
          may.ok ? (
            <Button variant="primary" onClick={() => setEditing('new')} disabled={busy || !view}>
              {t('policies.add')}
            </Button>
          ) : undefined
        }
      />
      {!may.ok && <InlineNotice tone="info">{t('policies.readOnly', { reason: refusalText(may.code) })}</InlineNotice>}
      {list.error && <InlineNotice tone="danger">{t('policies.loadFailed', { message: list.error.message })}</InlineNotice>}
      {!view ? (
        !list.error && <Spinner />
      ) : (
        <Stack $gap="lg">
          <PendingPanel pending={pending} may={may.ok} busy={busy} onConfirm={() => setConfirming(true)} onDiscard={() => setDiscarding(true)} />
          <Table
            label={t('policies.tableLabel')}
            columns={columns}
            data={shown}
            getRowId={(p) => String(p.id)}
            rowActions={
              may.ok
                ? (p) => (
                    <Row>
                      <Button size="sm" onClick={() => setEditing(p)} aria-label={t('policies.editOf', { name: p.name })}>
                        {t('policies.edit')}
                      </Button>
                      <Button size="sm" variant="danger" onClick={() => setDeleting(p)} aria-label={t('policies.deleteOf', { name: p.name })}>
                        {t('policies.delete')}
                      </Button>
                    </Row>
                  )
                : undefined
            }
            empty={<EmptyState title={t('policies.empty')} description={may.ok ? t('policies.emptyHint') : undefined} />}
          />
          <DevicesPanel view={view} />
        </Stack>
      )}
      {editing && <PolicyDialog policy={editing === 'new' ? null : editing} devices={view?.devices ?? []} onCancel={() => setEditing(null)} onSave={save} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('policies.deleteTitle')}
        message={deleting ? (deleting.id === mainId ? t('policies.deleteMeshMain', { name: deleting.name }) : t('policies.deleteMessage', { name: deleting.name })) : ''}
        confirmLabel={t('policies.delete')}
        danger
        busy={busy}
        onConfirm={() => deleting && void run(() => api.remove(deleting.id), null).then(() => setDeleting(null))}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={confirming && pending !== null}
        title={t('policies.pending.confirmTitle')}
        message={[t('policies.pending.confirmMessage', { count: pending?.devices.length ?? 0 }), pending?.renetwork ? t('policies.pending.renetwork') : ''].filter(Boolean).join(' ')}
        confirmLabel={t('policies.pending.confirm')}
        busy={busy}
        onConfirm={() => pending && void run(() => api.apply(pending.revision), t('policies.pending.confirmed')).then(() => setConfirming(false))}
        onCancel={() => setConfirming(false)}
      />
      <ConfirmDialog
        open={discarding}
        title={t('policies.pending.discardTitle')}
        message={t('policies.pending.discardMessage')}
        confirmLabel={t('policies.pending.discard')}
        danger
        busy={busy}
        onConfirm={() => void run(() => api.discard(), t('policies.pending.discarded')).then(() => setDiscarding(false))}
        onCancel={() => setDiscarding(false)}
      />
    </Page>
  );
}

const show = (v: unknown): string => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

function PendingPanel({ pending, may, busy, onConfirm, onDiscard }: { pending: PendingWireless | null; may: boolean; busy: boolean; onConfirm(): void; onDiscard(): void }) {
  const { t } = useTranslation('wireless');
  return (
    <Card title={t('policies.pending.title')} aria-label={t('policies.pending.title')} data-testid="pending-change">
      {!pending ? (
        <p>{t('policies.pending.nothing')}</p>
      ) : (
        <Stack $gap="sm">
          <span>{t('policies.pending.by', { actor: pending.actor ?? '—', at: new Date(pending.updatedAt).toLocaleString() })}</span>
          <ul aria-label={t('policies.pending.title')}>
            {pending.changes.map((c) => (
              <li key={c.path}>
                {c.old === null ? `${c.path}: ${t('policies.pending.added')}` : c.new === null ? `${c.path}: ${t('policies.pending.removed')}` : t('policies.pending.field', { path: c.path, old: show(c.old), new: show(c.new) })}
              </li>
            ))}
          </ul>
          <span data-testid="pending-devices">
            {pending.devices.length ? t('policies.pending.reaches', { count: pending.devices.length, names: pending.devices.map((d) => d.name).join(', ') }) : t('policies.pending.reachesNone')}
          </span>
          {pending.renetwork && <InlineNotice tone="warning">{t('policies.pending.renetwork')}</InlineNotice>}
          {may && (
            <Row>
              <Button variant="primary" onClick={onConfirm} disabled={busy}>
                {t('policies.pending.confirm')}
              </Button>
              <Button variant="danger" onClick={onDiscard} disabled={busy}>
                {t('policies.pending.discard')}
              </Button>
            </Row>
          )}
        </Stack>
      )}
    </Card>
  );
}

const STATE_TONE = { applied: 'success', pending: 'warning', waiting: 'neutral', failed: 'danger', 'rolled-back': 'danger' } as const;

function DevicesPanel({ view }: { view: WirelessPoliciesView }) {
  const { t } = useTranslation('wireless');
  return (
    <Card title={t('policies.devices.title')} aria-label={t('policies.devices.label')} data-testid="wireless-devices">
      {view.devices.length === 0 ? (
        <p>{t('policies.devices.empty')}</p>
      ) : (
        <ul>
          {view.devices.map((d: WirelessDevice) => (
            <li key={d.sn} data-sn={d.sn} data-status={d.status} data-state={d.state}>
              {d.name} ({d.sn}) — <Badge $tone={STATE_TONE[d.state]}>{t(`policies.devices.state.${d.state}`)}</Badge> {t('policies.devices.status', { status: d.status })}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
