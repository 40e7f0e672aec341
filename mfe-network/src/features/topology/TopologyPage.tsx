// /manage/visualization/topo (spec §2 "Network topology", §3 "Topology"): the project's devices and
// the links between them as the devices report them, drawn with G6 (a lazy chunk of this page only).
// Statuses follow the project's events live; a click on a device opens its panel, a click on a group
// opens or folds it; the layout runs left to right or top to bottom.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { API, LINK_SPEEDS, TOPOLOGY_LAYOUTS, type DeviceItem, type TopologyLayout } from '@airloom/contracts';
import { Button, EmptyState, InlineNotice, Page, PageHeader, Row, Spinner, useLoad, useMfe, VisuallyHidden, type ProjectRef } from '@airloom/shared-ui';
import { createNetworkApi } from '../../api';
import { DevicePanel } from '../status/DevicePanel';
import { LiveIndicator } from '../status/LiveIndicator';
import { useLiveDevices } from '../status/useLiveDevices';
import type { TopologyGraph } from './g6-graph';
import { topologyView } from './topology-model';

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
  border-top: ${({ $speed }) => ($speed === '10g' ? '4px solid #6d28d9' : $speed === '1g' ? '2px solid #0b5cad' : $speed === 'wireless' ? '2px dashed #0891b2' : '1px solid #7b8794')};
`;

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

  const onNodeClick = useCallback((id: string) => {
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
        <li>{t('topology.groupHint')}</li>
      </Legend>
      {!known && !topology.error && <Spinner label={t('topology.loading')} />}
      {known && known.nodes.length === 0 && <EmptyState title={t('topology.empty')} description={t('topology.emptyHint')} />}
      {view && view.nodes.length > 0 && <TopologyCanvas view={view} onNodeClick={onNodeClick} layout={layout} />}
      {view && (
        // the canvas is a picture: the same nodes as buttons for the keyboard and screen readers
        <VisuallyHidden as="div">
          <ul aria-label={t('topology.nodes')}>
            {view.nodes.filter((n) => n.kind !== 'internet').map((n) => (
              <li key={n.id}>
                <button type="button" onClick={() => onNodeClick(n.id)}>
                  {n.kind === 'group' ? t('topology.openGroup', { label: n.label }) : t('topology.openDevice', { name: n.label })}
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
        />
      )}
    </Page>
  );
}

/** The G6 canvas: created once the chunk is loaded, redrawn when the view changes, fitted when the shape changes. */
function TopologyCanvas({ view, onNodeClick, layout }: { view: ReturnType<typeof topologyView>; onNodeClick(id: string): void; layout: TopologyLayout }) {
  const { t } = useTranslation('network');
  const box = useRef<HTMLDivElement>(null);
  const graph = useRef<TopologyGraph | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState<Error | null>(null);
  const clickRef = useRef(onNodeClick);
  clickRef.current = onNodeClick;
  const shape = `${layout}:${view.nodes.length}`;
  const lastShape = useRef('');

  useEffect(() => {
    let cancelled = false;
    import(/* webpackChunkName: "g6-topology" */ './g6-graph').then(
      ({ createTopologyGraph }) => {
        if (cancelled || !box.current) return;
        graph.current = createTopologyGraph(box.current, (id) => clickRef.current(id));
        setReady(true);
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
    void graph.current.show(view, fit);
  }, [ready, view, shape]);

  return (
    <Canvas ref={box} data-testid="topology-canvas" data-nodes={view.nodes.length} data-edges={view.edges.length} data-ready={ready || undefined}>
      {!ready && !failed && <Spinner label={t('topology.loading')} />}
      {failed && <InlineNotice tone="danger">{t('topology.loadFailed', { message: failed.message })}</InlineNotice>}
    </Canvas>
  );
}
