// /manage/visualization/topo (spec §2 "Network topology", §3 "Topology"): the project's devices and
// the links between them as the devices report them, drawn with G6 (a lazy chunk of this page only).
// Statuses follow the project's events live; a click on a device opens its panel, a click on a group
// opens or folds it; the layout runs left to right or top to bottom. Terminals the user added by hand
// (spec §5) are drawn dashed and "added by hand"; the user adds them from the header or a device's
// panel, and a click on one opens it to change or delete it.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { API, LINK_SPEEDS, TOPOLOGY_LAYOUTS, type DeviceItem, type Terminal, type TopologyLayout } from '@airloom/contracts';
import { Button, EmptyState, InlineNotice, Page, PageHeader, Row, Spinner, useCan, useLoad, useMfe, VisuallyHidden, type ProjectRef } from '@airloom/shared-ui';
import { createNetworkApi } from '../../api';
import { DevicePanel } from '../status/DevicePanel';
import { LiveIndicator } from '../status/LiveIndicator';
import { useLiveDevices } from '../status/useLiveDevices';
import type { GraphTexts, TopologyGraph } from './g6-graph';
import { freePorts, TerminalDialog, type TerminalHost } from './TerminalDialog';
import { linkSourceText, topologyView, uplinkOf } from './topology-model';

const RELOAD_EVERY_MS = 10_000;

const Canvas = styled.div`
  position: relative;
  height: calc(100vh - 220px);
  min-height: 420px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  overflow: hidden;
`;

const Legend = styled.ul`
  display: flex;
  gap: 16px;
  list-style: none;
  margin: 0;
  padding: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  li { display: inline-flex; align-items: center; gap: 6px; }
`;

const Swatch = styled.span<{ $speed: string }>`
  display: inline-block;
  width: 28px;
  border-top: ${({ $speed }) =>
    $speed === '10g' ? '4px solid #6d28d9' : $speed === '1g' ? '2px solid #0b5cad' : $speed === 'wireless' ? '2px dashed #0891b2' : $speed === 'manual' ? '1px dashed #94a3b8' : '1px solid #7b8794'};
`;

const LinkSource = styled.p`
  margin: 8px 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The terminal dialog: a new terminal (maybe on a chosen device) or one to change. */
type TerminalEdit = { terminal: Terminal | null; presetSn: string | null };

export function TopologyPage() {
  const { t } = useTranslation('network');
  const { project } = useMfe();
  if (!project) {
    return (
      <Page>
        <EmptyState title={t('topology.title')} />
      </Page>
    );
  }
  return <TopologyContent key={project.id} project={project} />;
}

function TopologyContent({ project }: { project: ProjectRef }) {
  const { t } = useTranslation('network');
  const mfe = useMfe();
  const api = useMemo(() => createNetworkApi(mfe.api, project.id), [mfe.api, project.id]);
  const topology = useLoad((signal) => mfe.api.call(API.topology.get, { params: { id: project.id }, signal }));
  const [layout, setLayout] = useState<TopologyLayout>('horizontal');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [openSn, setOpenSn] = useState<string | null>(null);
  const [editing, setEditing] = useState<TerminalEdit | null>(null);
  const canWrite = useCan('project.update').ok;
  const reloadTopology = topology.reload;
  const lastRead = useRef(Date.now());
  const live = useLiveDevices({
    api,
    projectId: project.id,
    // a device left: the links are read again at once; a device that reports may have found new
    // neighbours (LLDP): read again at most every RELOAD_EVERY_MS (statuses are applied in place)
    onEvent: (e) => {
      const now = Date.now();
      if (e.type === 'device-removed' || (e.type === 'device' && now - lastRead.current > RELOAD_EVERY_MS)) {
        lastRead.current = now;
        reloadTopology();
      }
    },
  });
  const known = topology.data;
  useEffect(() => {
    if (known && live.items && live.items.some((d) => !known.nodes.some((n) => n.sn === d.sn))) reloadTopology();
  }, [known, live.items, reloadTopology]);

  const bySn = useMemo(() => new Map((live.items ?? []).map((d) => [d.sn, d])), [live.items]);
  const view = useMemo(
    () => (known ? topologyView(known, { layout, expanded, statusOf: (sn) => bySn.get(sn)?.status }) : null),
    [known, layout, expanded, bySn],
  );

  // the devices a terminal can go on: every device of the project with its ports
  const hosts = useMemo<TerminalHost[]>(
    () => (known?.nodes ?? []).flatMap((n) => (n.sn && n.ports && !n.manual ? [{ sn: n.sn, label: n.name || n.sn, ports: n.ports }] : [])),
    [known],
  );
  const terminals = useMemo(() => new Map((known?.nodes ?? []).flatMap((n) => (n.terminal ? [[n.id, n.terminal] as const] : []))), [known]);
  const terminalsRef = useRef(terminals);
  terminalsRef.current = terminals;

  const onNodeClick = useCallback((id: string) => {
    const terminal = terminalsRef.current.get(id);
    if (terminal) {
      setEditing({ terminal, presetSn: null });
      return;
    }
    if (id.startsWith('group:')) {
      setExpanded((s) => {
        const next = new Set(s);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    } else if (id !== 'internet') setOpenSn(id);
  }, []);

  const open: DeviceItem | undefined = openSn ? bySn.get(openSn) : undefined;
  // the open device's link upstream and what tells of it (LLDP, a switch's MAC table, a mesh report)
  const uplink = open && known ? uplinkOf(known, open.sn) : undefined;
  const nodeName = (id: string) => known?.nodes.find((n) => n.id === id)?.name ?? bySn.get(id)?.name;
  const source = uplink ? linkSourceText(uplink.source, nodeName) : null;
  const openHost = open ? hosts.find((h) => h.sn === open.sn) : undefined;
  const graphTexts = useMemo<GraphTexts>(() => ({ clients: (count) => t('topology.clients', { count }), addedByHand: t('topology.terminal.addedByHand') }), [t]);
  const saved = () => {
    setEditing(null);
    reloadTopology();
  };

  return (
    <Page>
      <PageHeader
        title={t('topology.title')}
        description={t('topology.description', { project: project.projectName })}
        actions={
          <Row $gap="md">
            <LiveIndicator state={live.live} />
            <div role="group" aria-label={t('topology.layout')}>
              {TOPOLOGY_LAYOUTS.map((l) => (
                <Button key={l} variant={layout === l ? 'primary' : 'secondary'} size="sm" aria-pressed={layout === l} onClick={() => setLayout(l)}>
                  {t(`enums.topologyLayout.${l}`)}
                </Button>
              ))}
            </div>
            {canWrite && hosts.length > 0 && (
              <Button variant="secondary" size="sm" onClick={() => setEditing({ terminal: null, presetSn: null })}>
                {t('topology.terminal.addButton')}
              </Button>
            )}
            {expanded.size > 0 && (
              <Button variant="secondary" size="sm" onClick={() => setExpanded(new Set())}>
                {t('topology.foldAll')}
              </Button>
            )}
          </Row>
        }
      />
      {topology.error && <InlineNotice tone="danger">{t('topology.loadFailed', { message: topology.error.message })}</InlineNotice>}
      <Legend aria-label={t('topology.legend')}>
        {LINK_SPEEDS.map((s) => (
          <li key={s}>
            <Swatch $speed={s} aria-hidden />
            {t(`enums.linkSpeed.${s}`)}
          </li>
        ))}
        <li>
          <Swatch $speed="manual" aria-hidden />
          {t('topology.terminal.legend')}
        </li>
        <li>{t('topology.groupHint')}</li>
      </Legend>
      {!known && !topology.error && <Spinner label={t('topology.loading')} />}
      {known && known.nodes.length === 0 && <EmptyState title={t('topology.empty')} description={t('topology.emptyHint')} />}
      {view && view.nodes.length > 0 && <TopologyCanvas view={view} onNodeClick={onNodeClick} layout={layout} texts={graphTexts} />}
      {view && (
        // the canvas is a picture: the same nodes as buttons for the keyboard and screen readers
        <VisuallyHidden as="div">
          <ul aria-label={t('topology.nodes')}>
            {view.nodes.filter((n) => n.kind !== 'internet').map((n) => (
              <li key={n.id}>
                <button type="button" onClick={() => onNodeClick(n.id)}>
                  {n.kind === 'group'
                    ? t('topology.openGroup', { label: n.label })
                    : n.manual
                      ? t('topology.terminal.open', { name: n.label })
                      : t('topology.openDevice', { name: n.label })}
                </button>
              </li>
            ))}
          </ul>
        </VisuallyHidden>
      )}
      {open && (
        <DevicePanel
          device={open}
          api={api}
          onClose={() => setOpenSn(null)}
          // the network status page carries the device's actions; the topology is for looking
          onAction={() => mfe.navigate(`/manage/status?device=${encodeURIComponent(open.sn)}`)}
          nameOf={(sn) => bySn.get(sn)?.name}
          extraActions={
            <>
              {uplink && source && (
                <LinkSource data-testid="topology-link-source">
                  {t('topology.link.label', { from: uplink.from === 'internet' ? t('enums.topologyNodeKind.internet') : nodeName(uplink.from) || uplink.from })}:{' '}
                  {t(`enums.linkSpeed.${uplink.speed}`)}, {t(source.key, { ...source.values })}
                </LinkSource>
              )}
              {canWrite && openHost ? (
                <Button
                  size="sm"
                  disabled={freePorts(openHost).length === 0}
                  disabledReason={freePorts(openHost).length === 0 ? t('topology.terminal.portsFull') : undefined}
                  onClick={() => setEditing({ terminal: null, presetSn: openHost.sn })}
                >
                  {t('topology.terminal.addHere')}
                </Button>
              ) : null}
            </>
          }
        />
      )}
      <TerminalDialog
        open={editing !== null}
        projectId={project.id}
        hosts={hosts}
        terminal={editing?.terminal ?? null}
        presetSn={editing?.presetSn ?? null}
        canWrite={canWrite}
        onClose={() => setEditing(null)}
        onSaved={saved}
        onDeleted={saved}
      />
    </Page>
  );
}

/** The G6 canvas: created once the chunk is loaded, redrawn when the view changes, fitted when the shape changes. */
function TopologyCanvas({ view, onNodeClick, layout, texts }: { view: ReturnType<typeof topologyView>; onNodeClick(id: string): void; layout: TopologyLayout; texts: GraphTexts }) {
  const { t } = useTranslation('network');
  const box = useRef<HTMLDivElement>(null);
  const graph = useRef<TopologyGraph | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState<Error | null>(null);
  const clickRef = useRef(onNodeClick);
  clickRef.current = onNodeClick;
  const textsRef = useRef(texts);
  textsRef.current = texts;
  const shape = `${layout}:${view.nodes.length}`;
  const lastShape = useRef('');

  useEffect(() => {
    let cancelled = false;
    import(/* webpackChunkName: "g6-topology" */ './g6-graph').then(
      ({ createTopologyGraph }) => {
        if (cancelled || !box.current) return;
        try {
          graph.current = createTopologyGraph(box.current, (id) => clickRef.current(id), textsRef.current);
          setReady(true);
        } catch (err) {
          // a browser that cannot draw on a canvas: say so; the nodes stay reachable as a list
          setFailed(err as Error);
        }
      },
      (err: unknown) => setFailed(err as Error),
    );
    return () => {
      cancelled = true;
      graph.current?.destroy();
      graph.current = null;
    };
  }, []);

  useEffect(() => {
    if (!ready || !graph.current) return;
    const fit = lastShape.current !== shape;
    lastShape.current = shape;
    graph.current.show(view, fit).catch((err: unknown) => setFailed(err as Error));
  }, [ready, view, shape]);

  return (
    <Canvas ref={box} data-testid="topology-canvas" data-nodes={view.nodes.length} data-edges={view.edges.length} data-manual={view.nodes.filter((n) => n.manual).length} data-ready={ready || undefined}>
      {!ready && !failed && <Spinner label={t('topology.loading')} />}
      {failed && <InlineNotice tone="danger">{t('topology.loadFailed', { message: failed.message })}</InlineNotice>}
    </Canvas>
  );
}
