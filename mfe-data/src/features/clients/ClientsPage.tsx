// Online clients (spec §2 /manage/onlinelist, §3 "Online client"): who is on the project's network —
// all clients or the wireless ones — with force offline and the blacklist (spec §9: at most 100).
// The list follows the project's live events: a client joining or leaving, an AP letting one go, a
// blacklist change — no reload needed. Read-only (with the reason) where can() says so.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlacklistAddSchema, CLIENT_TYPE_LABELS, CLIENT_KINDS, ruleText, type BlacklistEntry, type ClientKind, type OnlineClient } from '@airloom/contracts';
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
  Select,
  Spinner,
  Stack,
  Table,
  TextField,
  refusalText,
  useCan,
  useLoad,
  useMfe,
  useNotice,
  useProjectEvents,
  type ProjectRef,
  type TableColumn,
} from '@airloom/shared-ui';
import { createClientsApi, type ClientsApi } from './api';
import { formatBytes, formatDuration, formatRate } from './format';

export function ClientsPage() {
  const { t } = useTranslation('data');
  const { project } = useMfe();
  if (!project) {
    return (
      <Page>
        <EmptyState title={t('clients.title')} />
      </Page>
    );
  }
  return <Clients key={project.id} project={project} />;
}

const errorText = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);
const nameOf = (c: OnlineClient, unnamed: string) => c.name || unnamed;

function Clients({ project }: { project: ProjectRef }) {
  const { t } = useTranslation('data');
  const mfe = useMfe();
  const { notify } = useNotice();
  const api = useMemo(() => createClientsApi(mfe.api, project.id), [mfe.api, project.id]);
  const [kind, setKind] = useState<ClientKind>('all');
  const kindRef = useRef(kind);
  kindRef.current = kind;
  const list = useLoad((signal) => api.list(kindRef.current, signal));
  const blacklist = useLoad((signal) => api.blacklist(signal));
  const { reload } = list;
  const mayOperate = useCan('device.operate');
  const mayConfigure = useCan('wireless.configure');
  const [forcing, setForcing] = useState<OnlineClient | null>(null);
  const [banning, setBanning] = useState<OnlineClient | null>(null);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  // durations move on by themselves
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const firstKind = useRef(true);
  useEffect(() => {
    if (firstKind.current) {
      firstKind.current = false;
      return;
    }
    reload();
  }, [kind, reload]);

  // live: clients joined or left, an AP let one go, the blacklist changed → read the list again (once per burst)
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (pending.current) clearTimeout(pending.current);
  }, []);
  const soon = (withBlacklist: boolean) => {
    if (withBlacklist) blacklist.reload();
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      reload();
    }, 300);
  };
  const live = useProjectEvents(project.id, {
    onEvent: (event) => {
      if (event.type === 'clients') soon(event.sn === null);
      else if (event.type === 'operation' && event.operation.kind === 'clientOffline' && event.operation.state === 'done') soon(false);
    },
    onReconnected: () => soon(true),
  });

  async function run(work: () => Promise<unknown>, done: string, failedKey: string): Promise<boolean> {
    setBusy(true);
    mfe.setLoading('saving');
    try {
      await work();
      notify({ tone: 'info', message: done });
      reload();
      blacklist.reload();
      return true;
    } catch (err) {
      notify({ tone: 'danger', message: t(failedKey, { message: errorText(err, failedKey) }) });
      return false;
    } finally {
      mfe.setLoading('end');
      setBusy(false);
    }
  }

  const unnamed = t('clients.unnamed');
  const columns = useMemo<TableColumn<OnlineClient>[]>(
    () => [
      {
        id: 'name',
        header: t('clients.column.name'),
        value: (c) => c.name,
        hideable: false,
        cell: (c) => (
          <>
            {nameOf(c, unnamed)}
            {c.blacklisted && (
              <>
                {' '}
                <Badge $tone="danger">{t('clients.blacklisted')}</Badge>
              </>
            )}
          </>
        ),
      },
      { id: 'type', header: t('clients.column.type'), value: (c) => (c.type ? CLIENT_TYPE_LABELS[c.type] : '—') },
      { id: 'ip', header: t('clients.column.ip'), value: (c) => c.ip || '—' },
      { id: 'mac', header: t('clients.column.mac'), value: (c) => c.mac },
      {
        id: 'associated',
        header: t('clients.column.associated'),
        value: (c) => (c.connection === 'wireless' ? `${c.ssid ?? ''} ${c.deviceName}` : c.deviceName),
        cell: (c) => (c.connection === 'wireless' ? `${c.ssid ?? '—'} · ${c.deviceName}${c.band ? ` · ${c.band}` : ''}` : t('clients.wired', { device: c.deviceName })),
      },
      { id: 'signal', header: t('clients.column.signal'), value: (c) => c.signal ?? -999, cell: (c) => (c.signal === null ? '—' : t('clients.dbm', { value: c.signal })) },
      { id: 'traffic', header: t('clients.column.traffic'), value: (c) => (c.txBytes ?? 0) + (c.rxBytes ?? 0), cell: (c) => `${formatBytes(c.txBytes)} / ${formatBytes(c.rxBytes)}` },
      { id: 'rate', header: t('clients.column.rate'), value: (c) => (c.txRate ?? 0) + (c.rxRate ?? 0), cell: (c) => `${formatRate(c.txRate)} / ${formatRate(c.rxRate)}` },
      {
        id: 'state',
        header: t('clients.column.state'),
        value: (c) => (c.online ? `1 ${c.onlineSince}` : `0 ${c.offlineSince ?? ''}`),
        cell: (c) => (
          <Badge $tone={c.online ? 'success' : 'neutral'} data-online={c.online}>
            {c.online ? t('clients.onlineFor', { duration: formatDuration(c.onlineSince, now) }) : t('clients.offlineFor', { duration: formatDuration(c.offlineSince ?? c.onlineSince, now) })}
          </Badge>
        ),
      },
    ],
    [t, unnamed, now],
  );

  const canAct = mayOperate.ok || mayConfigure.ok;
  const refusal = !mayOperate.ok ? mayOperate.code : !mayConfigure.ok ? mayConfigure.code : null;
  return (
    <Page>
      <PageHeader
        title={t('clients.title')}
        description={t('clients.description', { project: project.projectName })}
        actions={
          <Row>
            <Select label={t('clients.kind.label')} value={kind} onChange={(v) => setKind(v)} options={CLIENT_KINDS.map((k) => ({ value: k, label: t(`clients.kind.${k}`) }))} />
            <span role="status" aria-live="polite" data-live={live}>
              {t(`clients.live.${live}`)}
            </span>
          </Row>
        }
      />
      {refusal !== null && <InlineNotice tone="info">{t('clients.readOnly', { reason: refusalText(refusal) })}</InlineNotice>}
      {list.error && <InlineNotice tone="danger">{t('clients.loadFailed', { message: list.error.message })}</InlineNotice>}
      {!list.data ? (
        !list.error && <Spinner />
      ) : (
        <Table
          label={t('clients.tableLabel')}
          columns={columns}
          data={list.data.items}
          getRowId={(c) => c.mac}
          searchable
          initialSort={{ id: 'state', desc: true }}
          rowActions={
            canAct
              ? (c) => (
                  <Row>
                    {mayOperate.ok && c.online && c.connection === 'wireless' && (
                      <Button size="sm" variant="secondary" onClick={() => setForcing(c)} aria-label={t('clients.forceOfflineOf', { name: nameOf(c, c.mac) })}>
                        {t('clients.forceOffline')}
                      </Button>
                    )}
                    {mayConfigure.ok && !c.blacklisted && (
                      <Button size="sm" variant="danger" onClick={() => setBanning(c)} aria-label={t('clients.blacklistOf', { name: nameOf(c, c.mac) })}>
                        {t('clients.blacklist')}
                      </Button>
                    )}
                  </Row>
                )
              : undefined
          }
          empty={<EmptyState title={t('clients.empty')} />}
        />
      )}
      <BlacklistPanel api={api} entries={blacklist.data?.items ?? null} max={blacklist.data?.max ?? 100} mayChange={mayConfigure.ok} busy={busy} run={run} />
      <ConfirmDialog
        open={forcing !== null}
        title={t('clients.forceTitle')}
        message={forcing ? t('clients.forceMessage', { name: nameOf(forcing, unnamed), mac: forcing.mac, device: forcing.deviceName }) : ''}
        confirmLabel={t('clients.forceOffline')}
        danger
        busy={busy}
        onConfirm={() => forcing && void run(() => api.forceOffline(forcing.mac), t('clients.forcing', { name: nameOf(forcing, forcing.mac) }), 'clients.forceFailed').then(() => setForcing(null))}
        onCancel={() => setForcing(null)}
      />
      <ConfirmDialog
        open={banning !== null}
        title={t('clients.blacklistTitle')}
        message={banning ? t('clients.blacklistMessage', { name: nameOf(banning, unnamed), mac: banning.mac }) : ''}
        confirmLabel={t('clients.blacklist')}
        danger
        busy={busy}
        onConfirm={() => banning && void run(() => api.addToBlacklist(banning.mac), t('clients.blacklistedDone', { mac: banning.mac }), 'clients.blacklistFailed').then(() => setBanning(null))}
        onCancel={() => setBanning(null)}
      />
    </Page>
  );
}

function BlacklistPanel({
  api,
  entries,
  max,
  mayChange,
  busy,
  run,
}: {
  api: ClientsApi;
  entries: readonly BlacklistEntry[] | null;
  max: number;
  mayChange: boolean;
  busy: boolean;
  run(work: () => Promise<unknown>, done: string, failedKey: string): Promise<boolean>;
}) {
  const { t } = useTranslation('data');
  const [mac, setMac] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<BlacklistEntry | null>(null);
  const full = (entries?.length ?? 0) >= max;
  const columns = useMemo<TableColumn<BlacklistEntry>[]>(
    () => [
      { id: 'mac', header: t('clients.panel.mac'), value: (e) => e.mac, hideable: false },
      { id: 'note', header: t('clients.panel.note'), value: (e) => e.note || '—' },
      { id: 'added', header: t('clients.panel.added'), value: (e) => e.createdAt, cell: (e) => new Date(e.createdAt).toLocaleString() },
    ],
    [t],
  );

  function add() {
    // the same schema as the server's
    const checked = BlacklistAddSchema.safeParse({ mac: mac.trim(), note });
    if (!checked.success) {
      setError(ruleText(checked.error.issues[0]?.message ?? 'rules.macAddress.format'));
      return;
    }
    setError(null);
    void run(() => api.addToBlacklist(checked.data.mac, checked.data.note), t('clients.blacklistedDone', { mac: checked.data.mac }), 'clients.blacklistFailed').then((ok) => {
      if (ok) {
        setMac('');
        setNote('');
      }
    });
  }

  return (
    <Card title={t('clients.panel.title', { count: entries?.length ?? 0, max })} aria-label={t('clients.panel.tableLabel')} data-testid="blacklist-panel">
      <Stack $gap="sm">
        {mayChange &&
          (full ? (
            <InlineNotice tone="warning">{t('clients.panel.full', { max })}</InlineNotice>
          ) : (
            <Row>
              <TextField label={t('clients.panel.addLabel')} value={mac} onChange={setMac} error={error} placeholder="00:1A:2B:3C:4D:5E" maxLength={17} />
              <TextField label={t('clients.panel.addNote')} value={note} onChange={setNote} maxLength={64} />
              <span>
                <Button onClick={add} disabled={busy || mac.trim() === ''}>
                  {t('clients.panel.add')}
                </Button>
              </span>
            </Row>
          ))}
        {entries === null ? (
          <Spinner />
        ) : (
          <Table
            label={t('clients.panel.tableLabel')}
            columns={columns}
            data={entries}
            getRowId={(e) => e.mac}
            searchable={entries.length > 10}
            rowActions={
              mayChange
                ? (e) => (
                    <Button size="sm" variant="secondary" onClick={() => setRemoving(e)} aria-label={t('clients.panel.removeOf', { mac: e.mac })}>
                      {t('clients.panel.remove')}
                    </Button>
                  )
                : undefined
            }
            empty={<EmptyState title={t('clients.panel.empty')} />}
          />
        )}
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title={t('clients.panel.removeTitle')}
        message={t('clients.panel.removeMessage', { mac: removing?.mac ?? '' })}
        confirmLabel={t('clients.panel.remove')}
        busy={busy}
        onConfirm={() => removing && void run(() => api.removeFromBlacklist(removing.mac), t('clients.panel.removed', { mac: removing.mac }), 'clients.panel.removeFailed').then(() => setRemoving(null))}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}
