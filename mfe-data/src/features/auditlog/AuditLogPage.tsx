// Audit log (docs/audit-log.md, route /manage/auditlog): every write made to the project and every
// refused attempt, newest first — who, when, from where, what, the result, and for configuration the
// settings before and after (a disclosure per row). Filtered by time range, result, area and account,
// a page of rows at a time from the server. The project's owner reads it (can(): project.viewAudit);
// on the demo projects everybody does.
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { API, AUDIT_OUTCOMES, errorMessage, type AuditChange, type AuditEntry, type AuditOutcome } from '@airloom/contracts';
import {
  Badge,
  Button,
  EmptyState,
  InlineNotice,
  Page,
  PageHeader,
  Row,
  Select,
  TextField,
  refusalText,
  useCan,
  useMfe,
  type ProjectRef,
  type TableColumn,
} from '@airloom/shared-ui';
import { createAuditApi, type AuditFilters } from './api';
import { PagedLog } from '../../components/PagedLog';
import { useFilteredLoad } from '../../components/use-filtered-load';

const PAGE_SIZE = 50;
const RANGES = ['24h', '7d', '30d', 'all'] as const;
type Range = (typeof RANGES)[number];
const RANGE_MS: Record<Range, number | null> = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000, all: null };

/** the areas of the endpoint list that have writes: the Area filter's choices */
const AREAS = Object.entries(API)
  .filter(([, group]) => Object.values(group as Record<string, { method: string }>).some((e) => e.method !== 'get'))
  .map(([domain]) => domain);

/** the path and target under the summary: long ids wrap instead of widening the table */
const Detail = styled.small`
  display: block;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.textMuted};
`;

function timeText(iso: string): string {
  return new Date(iso).toLocaleString();
}

function valueText(v: unknown): string {
  if (v === null || v === undefined) return '—';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

export function AuditLogPage() {
  const { t } = useTranslation('data');
  const { project } = useMfe();
  if (!project) {
    return (
      <Page>
        <EmptyState title={t('auditlog.title')} />
      </Page>
    );
  }
  return <AuditLog key={project.id} project={project} />;
}

function AuditLog({ project }: { project: ProjectRef }) {
  const { t } = useTranslation('data');
  const mfe = useMfe();
  const may = useCan('project.viewAudit');
  const api = useMemo(() => createAuditApi(mfe.api, project.id), [mfe.api, project.id]);
  const [range, setRange] = useState<Range>('30d');
  const [outcome, setOutcome] = useState<AuditOutcome | ''>('');
  const [area, setArea] = useState('');
  const [accountDraft, setAccountDraft] = useState('');
  const [account, setAccount] = useState('');
  const [page, setPage] = useState(1);
  const filters: AuditFilters = useMemo(() => {
    const span = RANGE_MS[range];
    return {
      page,
      // the range's start, fixed when the filter is chosen
      ...(span !== null ? { from: Date.now() - span } : {}),
      ...(outcome ? { outcome } : {}),
      ...(area ? { endpoint: area } : {}),
      ...(account ? { account } : {}),
    };
  }, [range, outcome, area, account, page]);
  // a caller the server would refuse asks nothing (the shell hides the entry from them anyway)
  const log = useFilteredLoad(filters, (f, signal) => (may.ok ? api.list(f, PAGE_SIZE, signal) : Promise.resolve(null)));

  const choose = <V,>(set: (v: V) => void) => (v: V) => {
    set(v);
    setPage(1);
  };
  const applyAccount = (e: FormEvent) => {
    e.preventDefault();
    setAccount(accountDraft.trim());
    setPage(1);
  };

  const columns = useMemo<TableColumn<AuditEntry>[]>(
    () => [
      { id: 'time', header: t('auditlog.column.time'), value: (e) => e.time, cell: (e) => <time dateTime={e.time}>{timeText(e.time)}</time>, hideable: false },
      {
        id: 'who',
        header: t('auditlog.column.who'),
        value: (e) => e.actor ?? '',
        cell: (e) => {
          // a person's own browser session needs no word; the others say how the call came
          const how = e.principal === 'session' ? '' : t(`auditlog.principal.${e.principal}`, { id: e.apiKeyId ?? '' });
          return (
            <>
              {e.actor ?? t('auditlog.nobody')}
              {how && (
                <>
                  {' '}
                  <Badge $tone="neutral">{how}</Badge>
                </>
              )}
            </>
          );
        },
      },
      {
        id: 'where',
        header: t('auditlog.column.where'),
        value: (e) => e.ip ?? '',
        cell: (e) => <span title={e.userAgent ?? undefined}>{e.ip ?? t('auditlog.unknownPlace')}</span>,
      },
      {
        id: 'what',
        header: t('auditlog.column.what'),
        value: (e) => e.what,
        cell: (e) => (
          <>
            {e.what}
            <Detail>
              <code>
                {e.method} {e.path}
              </code>
              {e.target && <> · {e.target}</>}
            </Detail>
          </>
        ),
      },
      {
        id: 'result',
        header: t('auditlog.column.result'),
        value: (e) => e.status,
        cell: (e) =>
          e.status < 400 ? (
            <Badge $tone="success">{t('auditlog.done')}</Badge>
          ) : (
            <Badge $tone="danger">{t('auditlog.refused', { reason: e.code === 0 ? String(e.status) : errorMessage(e.code) })}</Badge>
          ),
      },
      { id: 'changes', header: t('auditlog.column.changes'), value: (e) => e.changes.length, sortable: false, cell: (e) => <Changes changes={e.changes} /> },
    ],
    [t],
  );

  if (!may.ok) {
    return (
      <Page>
        <PageHeader title={t('auditlog.title')} />
        <InlineNotice tone="info">{t('auditlog.notOwner', { reason: refusalText(may.code) })}</InlineNotice>
      </Page>
    );
  }
  return (
    <Page>
      <PageHeader title={t('auditlog.title')} description={t('auditlog.description', { project: project.projectName })} />
      <Row role="group" aria-label={t('auditlog.filters')}>
        <Select label={t('auditlog.range')} value={range} onChange={choose((v: string) => setRange(v as Range))} options={RANGES.map((v) => ({ value: v, label: t(`auditlog.ranges.${v}`) }))} />
        <Select
          label={t('auditlog.outcome')}
          value={outcome}
          onChange={choose((v: string) => setOutcome(v as AuditOutcome | ''))}
          options={[{ value: '', label: t('auditlog.outcomes.all') }, ...AUDIT_OUTCOMES.map((v) => ({ value: v, label: t(`auditlog.outcomes.${v}`) }))]}
        />
        <Select
          label={t('auditlog.area')}
          value={area}
          onChange={choose(setArea)}
          options={[{ value: '', label: t('auditlog.allAreas') }, ...AREAS.map((d) => ({ value: d, label: t(`auditlog.areas.${d}`, { defaultValue: d }) }))]}
        />
        <form onSubmit={applyAccount} aria-label={t('auditlog.account')}>
          <Row>
            <TextField label={t('auditlog.account')} hint={t('auditlog.accountHint')} value={accountDraft} onChange={setAccountDraft} type="search" maxLength={100} />
            <Button size="sm" type="submit">
              {t('auditlog.apply')}
            </Button>
          </Row>
        </form>
      </Row>
      <PagedLog
        texts="auditlog"
        columns={columns}
        load={log}
        onPage={setPage}
      />
    </Page>
  );
}

/** old → new of a configuration write, behind a disclosure (keyboard and screen readers get it natively) */
function Changes({ changes }: { changes: readonly AuditChange[] }) {
  const { t } = useTranslation('data');
  const count = changes.reduce((n, c) => n + c.changes.length, 0);
  if (count === 0) return <>{t('auditlog.noChanges')}</>;
  return (
    <details>
      <summary>{t('auditlog.changed', { count })}</summary>
      {changes.map((c) => (
        <div key={c.changeId}>
          <strong>{c.sn ? t('auditlog.section', { section: c.section, device: c.sn }) : t('auditlog.sectionOfGateway', { section: c.section })}</strong>
          <ul>
            {c.changes.map((f) => (
              <li key={f.path}>
                <code>{f.path}</code>: {valueText(f.old)} → {valueText(f.new)}
              </li>
            ))}
          </ul>
          {c.truncated && <p>{t('auditlog.more')}</p>}
        </div>
      ))}
    </details>
  );
}
