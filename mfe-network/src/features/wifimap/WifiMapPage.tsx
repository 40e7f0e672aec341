// /manage/visualization/td (spec §1 "Wi-Fi map", §3 obstacle attenuations, §5 map image): floors of
// the project with their plan (jpg), a scale set by drawing a line of known length, walls of a §3
// material, the project's APs and planned ones placed on it, and the heatmap per band computed in a
// Web Worker with the exact multi-wall model (@airloom/radio), with the covered shares and a
// "where to put the next AP" suggestion. A planned AP is bound to a device by its serial number, typed
// or scanned with the camera where the browser can (ScanSerialButton); bound and online, it is drawn
// live from what the device reports. In "Select and move" a wall is
// selected by a click and its material changed or the wall deleted; a floor is renamed or deleted
// (after a confirmation). Leaflet is a lazy chunk.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { CHANNELS_24, CHANNELS_5, FLOOR_LIMITS, isDeviceOnline, OBSTACLE_ATTENUATION_DB, rules, WALL_MATERIALS, type DeviceDetail, type Floor, type FloorAp, type FloorUpdateRequest, type Wall } from '@airloom/contracts';
import { ApiError, Button, Card, ConfirmDialog, EmptyState, InlineNotice, Page, PageHeader, Row, Select, Spinner, Stack, TextField, useMfe, useNotice, type ProjectRef } from '@airloom/shared-ui';
import { createNetworkApi } from '../../api';
import { LiveIndicator } from '../status/LiveIndicator';
import { useLiveDevices } from '../status/useLiveDevices';
import type { FloorMap, MapAp, PlanPoint } from './leaflet-map';
import { MeasuredPanel } from './MeasuredPanel';
import { ScanSerialButton } from './ScanSerialButton';
import { useHeatmap } from './useHeatmap';
import { BANDS, calibrate, channelFrequencyMhz, COVERAGE_THRESHOLDS, floorScene, materialLossDb, plannedAp, signalColour, type Band } from './wifimap-model';

type Mode = 'move' | 'wall' | 'ap' | 'calibrate' | { place: string };
const AP_TYPES = new Set(['ap', 'v7', 'mesh', 'cpe']);

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 300px;
  gap: 16px;
  align-items: start;
  /* a phone: the panels go under the map */
  @media (max-width: 800px) { grid-template-columns: minmax(0, 1fr); }
`;

const MapBox = styled.div`
  height: calc(100vh - 260px);
  min-height: 420px;
  background: #e9edf1;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  .airloom-ap { background: none; border: none; }
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: end;
  margin-bottom: 12px;
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 4px 12px;
  margin: 0;
  dd { margin: 0; font-weight: 700; text-align: right; }
`;

const DeviceList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li { display: flex; justify-content: space-between; align-items: center; gap: 8px; padding: 4px 0; cursor: grab; }
`;

export function WifiMapPage() {
  const { t } = useTranslation('network');
  const { project } = useMfe();
  if (!project) {
    return (
      <Page>
        <EmptyState title={t('wifimap.title')} />
      </Page>
    );
  }
  return <WifiMapContent key={project.id} project={project} />;
}

function WifiMapContent({ project }: { project: ProjectRef }) {
  const { t } = useTranslation('network');
  const mfe = useMfe();
  const { notify } = useNotice();
  const api = useMemo(() => createNetworkApi(mfe.api, project.id), [mfe.api, project.id]);
  const live = useLiveDevices({ api, projectId: project.id });
  const writable = project.right === 'rw';
  const [floors, setFloors] = useState<Floor[] | null>(null);
  const [floorId, setFloorId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('move');
  const [material, setMaterial] = useState<Wall['material']>('brick');
  const [customLoss, setCustomLoss] = useState('15');
  const [band, setBand] = useState<Band>('5');
  const [draft, setDraft] = useState<PlanPoint[]>([]);
  const [length, setLength] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [bindSn, setBindSn] = useState('');
  const [ghosts, setGhosts] = useState<FloorAp[]>([]);
  const [suggesting, setSuggesting] = useState(false);
  const [details, setDetails] = useState<ReadonlyMap<string, DeviceDetail>>(new Map());
  const [newName, setNewName] = useState('');
  const [selectedWall, setSelectedWall] = useState<number | null>(null);
  const [wallLoss, setWallLoss] = useState('');
  const [renaming, setRenaming] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const floor = floors?.find((f) => f.id === floorId) ?? null;

  useEffect(() => {
    const ctl = new AbortController();
    api.floors(ctl.signal).then(
      (items) => {
        setFloors(items);
        setFloorId((id) => id ?? items[0]?.id ?? null);
      },
      (err: unknown) => !ctl.signal.aborted && setError((err as Error).message),
    );
    return () => ctl.abort();
  }, [api]);

  /** the newer floor wins (a slow answer never undoes a later edit) */
  const keep = useCallback((next: Floor) => {
    setFloors((list) => {
      if (!list) return [next];
      const i = list.findIndex((f) => f.id === next.id);
      if (i < 0) return [...list, next];
      if (list[i]!.revision > next.revision) return list;
      return list.map((f) => (f.id === next.id ? next : f));
    });
  }, []);

  const save = useCallback(
    async (patch: FloorUpdateRequest, local?: Partial<Floor>) => {
      if (!floor) return;
      if (local) setFloors((list) => list?.map((f) => (f.id === floor.id ? { ...f, ...local } : f)) ?? null);
      try {
        keep(await api.updateFloor(floor.id, patch));
        setError(null);
      } catch (err) {
        setError(err instanceof ApiError ? err.message : String(err));
        // what the server has is what counts
        api.floors().then(setFloors, () => undefined);
      }
    },
    [api, floor, keep],
  );

  // the radios of the floor's real APs, read again when one of them reports a new status
  const placedSns = useMemo(() => floor?.aps.flatMap((a) => (a.sn ? [a.sn] : [])) ?? [], [floor]);
  const statusKey = placedSns.map((sn) => `${sn}:${live.items?.find((d) => d.sn === sn)?.status ?? ''}`).join(',');
  useEffect(() => {
    const ctl = new AbortController();
    Promise.all(placedSns.map((sn) => api.detail(sn, ctl.signal).catch(() => null))).then((list) => {
      if (ctl.signal.aborted) return;
      setDetails(new Map(list.flatMap((d) => (d ? [[d.sn, d] as const] : []))));
    });
    return () => ctl.abort();
    // statusKey: a device that came online has radios again
  }, [api, statusKey]);

  const onlineOf = useCallback((sn: string) => {
    const item = live.items?.find((d) => d.sn === sn);
    return item ? isDeviceOnline(item.status) : false;
  }, [live.items]);

  const sceneDevices = useMemo(
    () => new Map(placedSns.map((sn) => [sn, { radios: details.get(sn)?.radios ?? [], online: onlineOf(sn) && details.has(sn) }])),
    [details, placedSns, onlineOf],
  );
  const scene = useMemo(() => (floor ? floorScene({ floor, band, devices: sceneDevices }) : null), [floor, band, sceneDevices]);
  const nameOf = useCallback((sn: string) => live.items?.find((d) => d.sn === sn)?.name ?? floor?.aps.find((a) => a.sn === sn)?.name ?? sn, [live.items, floor]);

  const request = useMemo(() => {
    if (!scene) return null;
    return {
      aps: scene.aps,
      walls: scene.walls,
      grid: scene.grid,
      thresholds: [...COVERAGE_THRESHOLDS],
      suggest: suggesting ? { count: 1, targetDbm: -67, radio: { txPowerDbm: 20, frequencyMhz: channelFrequencyMhz(band, band === '5' ? 36 : 6) } } : undefined,
    };
  }, [scene, suggesting, band]);
  const answer = useHeatmap(request);

  useEffect(() => {
    if (!answer || !suggesting || !floor) return;
    setSuggesting(false);
    const m = floor.metresPerPixel;
    setGhosts(answer.suggestions.map((s, i) => ({ ...plannedAp([...floor.aps], s.x / m, s.y / m), id: `ghost-${i + 1}`, name: t('wifimap.ghost', { share: Math.round(s.coveredShare * 100) }) })));
  }, [answer, suggesting, floor, t]);

  // ——— the Leaflet map (lazy) ———
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<FloorMap | null>(null);
  const [mapReady, setMapReady] = useState(false);
  const handlers = useRef({ click: (_p: PlanPoint) => {}, moved: (_id: string, _p: PlanPoint) => {}, apClick: (_id: string) => {}, wallClick: (_index: number) => {} });
  useEffect(() => {
    let cancelled = false;
    import(/* webpackChunkName: "leaflet-wifimap" */ './leaflet-map').then(({ createFloorMap }) => {
      if (cancelled || !box.current) return;
      map.current = createFloorMap(box.current, {
        onClick: (p) => handlers.current.click(p),
        onApMoved: (id, p) => handlers.current.moved(id, p),
        onApClick: (id) => handlers.current.apClick(id),
        onWallClick: (index) => handlers.current.wallClick(index),
      });
      setMapReady(true);
    }, (err: unknown) => setError((err as Error).message));
    return () => {
      cancelled = true;
      map.current?.destroy();
      map.current = null;
    };
  }, [floor !== null]);

  useEffect(() => {
    if (!mapReady || !floor) return;
    map.current?.setPlan({ width: floor.width, height: floor.height, imageUrl: floor.image ? api.planUrl(floor.id, floor.revision) : null });
  }, [mapReady, floor?.id, floor?.width, floor?.height, floor?.image?.bytes]);

  const wall = floor && selectedWall !== null ? floor.walls[selectedWall] ?? null : null;
  useEffect(() => {
    if (mapReady && floor) map.current?.setWalls(floor.walls, { selectable: writable && mode === 'move', selected: wall ? selectedWall : null });
  }, [mapReady, floor, writable, mode, selectedWall, wall]);

  useEffect(() => {
    if (!mapReady || !floor) return;
    const list: MapAp[] = [
      ...floor.aps.map((a) => ({
        id: a.id, x: a.x, y: a.y, selected: a.id === selected,
        label: a.sn ? live.items?.find((d) => d.sn === a.sn)?.name ?? a.name ?? a.sn : a.name || a.id,
        kind: a.sn ? ('real' as const) : ('planned' as const),
        online: a.sn ? onlineOf(a.sn) : undefined,
      })),
      ...ghosts.map((g) => ({ id: g.id, x: g.x, y: g.y, label: g.name, kind: 'ghost' as const })),
    ];
    map.current?.setAps(list, writable && mode === 'move');
  }, [mapReady, floor, ghosts, selected, live.items, onlineOf, writable, mode]);

  useEffect(() => {
    if (mapReady) map.current?.setDraft(draft);
  }, [mapReady, draft]);

  useEffect(() => {
    if (!mapReady || !answer || !scene || answer.values.length !== scene.grid.cols * scene.grid.rows) {
      if (mapReady && scene && scene.aps.length === 0) map.current?.setHeatmap(null);
      return;
    }
    const { cols, rows } = scene.grid;
    const canvas = document.createElement('canvas');
    canvas.width = cols;
    canvas.height = rows;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    const img = ctx.createImageData(cols, rows);
    for (let k = 0; k < answer.values.length; k++) img.data.set(signalColour(answer.values[k]!), k * 4);
    ctx.putImageData(img, 0, 0);
    // the grid covers whole cells: it may reach a little past the plan's edge
    const m = floor!.metresPerPixel;
    map.current?.setHeatmap({ url: canvas.toDataURL('image/png'), width: (cols * scene.grid.cellM) / m, height: (rows * scene.grid.cellM) / m });
  }, [mapReady, answer, scene, floor]);

  // ——— what a click on the map does, by mode ———
  handlers.current.click = (p) => {
    if (!floor || !writable) return;
    if (mode === 'ap') {
      const ap = plannedAp(floor.aps, p.x, p.y);
      void save({ aps: [...floor.aps, ap] }, { aps: [...floor.aps, ap] });
      setSelected(ap.id);
    } else if (typeof mode === 'object') {
      const device = live.items?.find((d) => d.sn === mode.place);
      const ap: FloorAp = { id: mode.place, sn: mode.place, name: device?.name ?? mode.place, x: p.x, y: p.y, txPowerDbm: 20, channel24: 6, channel5: 36 };
      void save({ aps: [...floor.aps, ap] }, { aps: [...floor.aps, ap] });
      setMode('move');
    } else if (mode === 'wall' || mode === 'calibrate') {
      const points = draft.length >= 2 ? [p] : [...draft, p];
      setDraft(points);
      if (mode === 'wall' && points.length === 2) {
        const loss = materialLossDb(material, Number(customLoss));
        const wall: Wall = { x1: points[0]!.x, y1: points[0]!.y, x2: p.x, y2: p.y, material, lossDb: Number.isFinite(loss) ? loss : 0 };
        void save({ walls: [...floor.walls, wall] }, { walls: [...floor.walls, wall] });
        setDraft([p]); // the next wall starts where this one ended
      }
    } else {
      setSelected(null);
      setSelectedWall(null);
    }
  };
  handlers.current.moved = (id, p) => {
    if (!floor) return;
    const aps = floor.aps.map((a) => (a.id === id ? { ...a, x: p.x, y: p.y } : a));
    void save({ aps }, { aps });
  };
  handlers.current.apClick = (id) => {
    setSelected(id);
    setSelectedWall(null);
    setBindSn('');
  };
  handlers.current.wallClick = (index) => {
    const w = floor?.walls[index];
    if (!w) return;
    setSelectedWall(index);
    setSelected(null);
    setWallLoss(String(w.lossDb));
  };

  const changeMode = (next: Mode) => {
    setMode(next);
    setDraft([]);
    setSelectedWall(null);
  };

  function changeWall(index: number, next: Partial<Wall> | null) {
    if (!floor) return;
    const walls = next === null ? floor.walls.filter((_, k) => k !== index) : floor.walls.map((w, k) => (k === index ? { ...w, ...next } : w));
    void save({ walls }, { walls });
    if (next === null) setSelectedWall(null);
  }

  function changePlanned(id: string, next: Partial<Pick<FloorAp, 'txPowerDbm' | 'channel24' | 'channel5'>>) {
    if (!floor) return;
    const aps = floor.aps.map((a) => (a.id === id ? { ...a, ...next } : a));
    void save({ aps }, { aps });
  }

  async function renameFloor() {
    if (!floor || renaming === null) return;
    const name = renaming.trim();
    if (!name || name === floor.name) {
      setRenaming(null);
      return;
    }
    try {
      keep(await api.updateFloor(floor.id, { name }));
      setRenaming(null);
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  }

  async function deleteFloor() {
    if (!floor) return;
    setDeleting(true);
    try {
      await api.removeFloor(floor.id);
      const rest = (floors ?? []).filter((f) => f.id !== floor.id);
      setFloors(rest);
      setFloorId(rest[0]?.id ?? null);
      setSelected(null);
      setSelectedWall(null);
      setGhosts([]);
      setError(null);
      notify({ tone: 'success', message: t('wifimap.floorDeleted', { name: floor.name }) });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setDeleting(false);
      setConfirmDelete(false);
    }
  }

  async function addFloor() {
    const name = newName.trim() || t('wifimap.floorN', { n: (floors?.length ?? 0) + 1 });
    try {
      const created = await api.createFloor({ name });
      keep(created);
      setFloorId(created.id);
      setNewName('');
    } catch (err) {
      setError((err as Error).message);
    }
  }

  async function uploadPlan(file: File) {
    if (!floor) return;
    const checked = rules.mapImage.safeParse({ name: file.name, size: file.size });
    if (!checked.success) {
      setError(t('wifimap.planRefused'));
      return;
    }
    mfe.setLoading('uploading');
    try {
      keep(await api.uploadPlan(floor.id, file));
      setError(null);
      notify({ tone: 'success', message: t('wifimap.planUploaded') });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      mfe.setLoading('end');
    }
  }

  const calibration = mode === 'calibrate' && draft.length === 2 ? Math.hypot(draft[1]!.x - draft[0]!.x, draft[1]!.y - draft[0]!.y) : null;
  function applyCalibration() {
    if (!calibration) return;
    const mpp = calibrate(calibration, Number(length));
    if (!mpp) {
      setError(t('wifimap.lengthRefused'));
      return;
    }
    void save({ metresPerPixel: mpp }, { metresPerPixel: mpp });
    setDraft([]);
    setLength('');
    setMode('move');
  }

  const selectedAp = floor?.aps.find((a) => a.id === selected) ?? null;
  const unplaced = (live.items ?? []).filter((d) => AP_TYPES.has(d.type) && !placedSns.includes(d.sn));

  async function bind() {
    if (!floor || !selectedAp) return;
    const sn = bindSn.trim().toUpperCase();
    const aps = floor.aps.filter((a) => a.sn !== sn || a.id === selectedAp.id).map((a) => (a.id === selectedAp.id ? { ...a, sn } : a));
    await save({ aps });
    setBindSn('');
  }

  const widthM = floor ? floor.width * floor.metresPerPixel : 0;
  const heightM = floor ? floor.height * floor.metresPerPixel : 0;

  return (
    <Page>
      <PageHeader
        title={t('wifimap.title')}
        description={t('wifimap.description', { project: project.projectName })}
        actions={
          <Row $gap="md">
            <LiveIndicator state={live.live} />
            {floors && floors.length > 0 && (
              <Select label={t('wifimap.floor')} value={String(floorId ?? '')} options={floors.map((f) => ({ value: String(f.id), label: f.name }))} onChange={(v) => { setFloorId(Number(v)); setGhosts([]); setSelected(null); setSelectedWall(null); setRenaming(null); }} />
            )}
          </Row>
        }
      />
      {error && <InlineNotice tone="danger">{error}</InlineNotice>}
      {answer?.error && <InlineNotice tone="danger">{t('wifimap.heatmapFailed', { message: answer.error })}</InlineNotice>}
      {!floors && !error && <Spinner label={t('wifimap.loading')} />}
      {writable && floors && (
        <Toolbar>
          <TextField label={t('wifimap.newFloor')} value={newName} onChange={setNewName} placeholder={t('wifimap.floorN', { n: floors.length + 1 })} />
          <Button variant="secondary" onClick={() => void addFloor()}>{t('wifimap.addFloor')}</Button>
          {floor && (
            <label>
              <span style={{ display: 'block', fontSize: 13 }}>{t('wifimap.plan')}</span>
              <input type="file" accept=".jpg,.jpeg,image/jpeg" aria-label={t('wifimap.plan')} onChange={(e) => { const f = e.target.files?.[0]; if (f) void uploadPlan(f); e.target.value = ''; }} />
            </label>
          )}
          {floor && renaming === null && (
            <>
              <Button variant="secondary" onClick={() => setRenaming(floor.name)}>{t('wifimap.renameFloor')}</Button>
              <Button variant="danger" onClick={() => setConfirmDelete(true)}>{t('wifimap.deleteFloor')}</Button>
            </>
          )}
          {floor && renaming !== null && (
            <>
              <TextField label={t('wifimap.floorName')} value={renaming} onChange={setRenaming} autoFocus />
              <Button disabled={!renaming.trim()} onClick={() => void renameFloor()}>{t('wifimap.saveName')}</Button>
              <Button variant="ghost" onClick={() => setRenaming(null)}>{t('wifimap.cancel')}</Button>
            </>
          )}
        </Toolbar>
      )}
      {floor && (
        <ConfirmDialog
          open={confirmDelete}
          title={t('wifimap.deleteTitle')}
          message={t('wifimap.deleteMessage', { name: floor.name, walls: floor.walls.length, aps: floor.aps.length })}
          confirmLabel={t('wifimap.deleteFloor')}
          danger
          busy={deleting}
          onConfirm={() => void deleteFloor()}
          onCancel={() => setConfirmDelete(false)}
        />
      )}
      {floors && floors.length === 0 && <EmptyState title={t('wifimap.empty')} description={t('wifimap.emptyHint')} />}
      {floor && (
        <Layout>
          <div>
            <Toolbar role="toolbar" aria-label={t('wifimap.tools')}>
              {(['move', 'calibrate', 'wall', 'ap'] as const).filter((m) => writable || m === 'move').map((m) => (
                <Button key={m} size="sm" variant={mode === m ? 'primary' : 'secondary'} aria-pressed={mode === m} onClick={() => changeMode(m)}>
                  {t(`wifimap.mode.${m}`)}
                </Button>
              ))}
              {mode === 'wall' && (
                <>
                  <Select label={t('wifimap.material')} value={material} onChange={(v) => setMaterial(v as Wall['material'])}
                    options={WALL_MATERIALS.map((m) => ({ value: m, label: m === 'custom' ? t('wifimap.custom') : `${t(`enums.obstacle.${m}`)} (${OBSTACLE_ATTENUATION_DB[m]} dB)` }))} />
                  {material === 'custom' && <TextField label={t('wifimap.customLoss')} value={customLoss} onChange={setCustomLoss} inputMode="decimal" />}
                </>
              )}
              <Select label={t('wifimap.band')} value={band} onChange={(v) => setBand(v as Band)} options={BANDS.map((b) => ({ value: b, label: `${b} GHz` }))} />
            </Toolbar>
            {mode === 'calibrate' && (
              <InlineNotice tone="info">
                {calibration ? (
                  <Row $gap="sm">
                    <TextField label={t('wifimap.length')} value={length} onChange={setLength} inputMode="decimal" autoFocus />
                    <Button size="sm" onClick={applyCalibration}>{t('wifimap.applyScale')}</Button>
                  </Row>
                ) : t('wifimap.calibrateHint')}
              </InlineNotice>
            )}
            {mode === 'wall' && <InlineNotice tone="info">{t('wifimap.wallHint')}</InlineNotice>}
            {mode === 'ap' && <InlineNotice tone="info">{t('wifimap.apHint')}</InlineNotice>}
            {typeof mode === 'object' && <InlineNotice tone="info">{t('wifimap.placeHint', { sn: mode.place })}</InlineNotice>}
            <MapBox
              ref={box}
              data-testid="wifimap"
              data-walls={floor.walls.length}
              data-aps={floor.aps.length}
              data-draft={draft.map((p) => `${Math.round(p.x)},${Math.round(p.y)}`).join(' ')}
              data-heatmap={answer && scene && answer.values.length === scene.grid.cols * scene.grid.rows ? answer.values.length : undefined}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                const sn = e.dataTransfer.getData('text/x-airloom-sn');
                if (!sn || !map.current) return;
                setMode({ place: sn });
                const p = map.current.toPlan(e.clientX, e.clientY);
                setTimeout(() => handlers.current.click(p));
              }}
            />
            <div style={{ marginTop: 16 }}>
              <MeasuredPanel api={api} floor={floor} band={band} devices={sceneDevices} nameOf={nameOf} save={save} writable={writable} />
            </div>
          </div>
          <Stack $gap="lg">
            <Card title={t('wifimap.coverage')} data-testid="coverage">
              <Figures>
                <dt>{t('wifimap.size')}</dt>
                <dd>{`${widthM.toFixed(1)} × ${heightM.toFixed(1)} m`}</dd>
                {(answer?.coverage ?? []).map((c) => (
                  <FigureRow key={c.thresholdDbm} label={t('wifimap.above', { dbm: c.thresholdDbm })} value={`${(c.share * 100).toFixed(1)} %`} />
                ))}
                {answer && <FigureRow label={t('wifimap.computed')} value={`${answer.ms.toFixed(1)} ms`} />}
              </Figures>
              {writable && (
                <Row $gap="sm" style={{ marginTop: 12 }}>
                  <Button size="sm" variant="secondary" disabled={suggesting} onClick={() => setSuggesting(true)}>{t('wifimap.suggest')}</Button>
                  {ghosts.length > 0 && (
                    <Button size="sm" onClick={() => {
                      let aps = [...floor.aps];
                      for (const g of ghosts) aps = [...aps, plannedAp(aps, g.x, g.y)];
                      void save({ aps }, { aps });
                      setGhosts([]);
                    }}>{t('wifimap.accept')}</Button>
                  )}
                </Row>
              )}
            </Card>
            {selectedAp && (
              <Card title={selectedAp.sn ? live.items?.find((d) => d.sn === selectedAp.sn)?.name ?? selectedAp.sn : selectedAp.name} data-testid="ap-panel">
                <Stack $gap="sm">
                  {selectedAp.sn ? (
                    <>
                      <span>{t('wifimap.boundTo', { sn: selectedAp.sn })}</span>
                      <span>{onlineOf(selectedAp.sn) ? t('wifimap.liveRadios', { radios: (details.get(selectedAp.sn)?.radios ?? []).map((r) => `${r.band} ch ${r.channel} ${r.power} dBm`).join(', ') || '–' }) : t('wifimap.offline')}</span>
                    </>
                  ) : (
                    <>
                      <span>{t('wifimap.plannedRadio', { power: selectedAp.txPowerDbm, c24: selectedAp.channel24, c5: selectedAp.channel5 })}</span>
                      {writable && (
                        <Row $gap="sm">
                          <Select label={t('wifimap.power')} value={String(selectedAp.txPowerDbm)} onChange={(v) => changePlanned(selectedAp.id, { txPowerDbm: Number(v) })}
                            options={POWERS.map((p) => ({ value: String(p), label: `${p} dBm` }))} />
                          <Select label={t('wifimap.channel24')} value={String(selectedAp.channel24)} onChange={(v) => changePlanned(selectedAp.id, { channel24: Number(v) })}
                            options={CHANNELS_24.map((c) => ({ value: String(c), label: String(c) }))} />
                          <Select label={t('wifimap.channel5')} value={String(selectedAp.channel5)} onChange={(v) => changePlanned(selectedAp.id, { channel5: Number(v) })}
                            options={CHANNELS_5.map((c) => ({ value: String(c), label: String(c) }))} />
                        </Row>
                      )}
                      {writable && (
                        <Row $gap="sm">
                          <TextField label={t('wifimap.bindSn')} value={bindSn} onChange={setBindSn} />
                          <ScanSerialButton onScanned={setBindSn} />
                          <Button size="sm" disabled={!bindSn.trim()} onClick={() => void bind()}>{t('wifimap.bind')}</Button>
                        </Row>
                      )}
                    </>
                  )}
                  {writable && (
                    <Button size="sm" variant="danger" onClick={() => {
                      const aps = floor.aps.filter((a) => a.id !== selectedAp.id);
                      void save({ aps }, { aps });
                      setSelected(null);
                    }}>{t('wifimap.removeAp')}</Button>
                  )}
                </Stack>
              </Card>
            )}
            {wall && selectedWall !== null && writable && (
              <Card title={t('wifimap.wall', { n: selectedWall + 1 })} data-testid="wall-panel">
                <Stack $gap="sm">
                  <span>{t('wifimap.wallInfo', { length: (Math.hypot(wall.x2 - wall.x1, wall.y2 - wall.y1) * floor.metresPerPixel).toFixed(1), loss: wall.lossDb })}</span>
                  <Select label={t('wifimap.material')} value={wall.material}
                    onChange={(v) => {
                      const m = v as Wall['material'];
                      const loss = materialLossDb(m, Number(wallLoss));
                      changeWall(selectedWall, { material: m, lossDb: Number.isFinite(loss) ? loss : wall.lossDb });
                    }}
                    options={WALL_MATERIALS.map((m) => ({ value: m, label: m === 'custom' ? t('wifimap.custom') : `${t(`enums.obstacle.${m}`)} (${OBSTACLE_ATTENUATION_DB[m]} dB)` }))} />
                  {wall.material === 'custom' && (
                    <Row $gap="sm">
                      <TextField label={t('wifimap.customLoss')} value={wallLoss} onChange={setWallLoss} inputMode="decimal" />
                      <Button size="sm" disabled={!isLoss(wallLoss)} onClick={() => changeWall(selectedWall, { lossDb: Number(wallLoss) })}>{t('wifimap.applyLoss')}</Button>
                    </Row>
                  )}
                  <Button size="sm" variant="danger" onClick={() => changeWall(selectedWall, null)}>{t('wifimap.deleteWall')}</Button>
                </Stack>
              </Card>
            )}
            {writable && unplaced.length > 0 && (
              <Card title={t('wifimap.unplaced')}>
                <DeviceList>
                  {unplaced.map((d) => (
                    <li key={d.sn} draggable onDragStart={(e) => e.dataTransfer.setData('text/x-airloom-sn', d.sn)} data-sn={d.sn}>
                      <span>{d.name}</span>
                      <Button size="sm" variant="ghost" onClick={() => changeMode({ place: d.sn })}>{t('wifimap.place')}</Button>
                    </li>
                  ))}
                </DeviceList>
              </Card>
            )}
          </Stack>
        </Layout>
      )}
    </Page>
  );
}

/** spec §5: a radio's power is 8–29 dBm */
const POWERS = Array.from({ length: 22 }, (_, k) => 8 + k);

/** a custom attenuation the floor accepts: 0–100 dB */
function isLoss(text: string): boolean {
  const v = Number(text);
  return text.trim() !== '' && Number.isFinite(v) && v >= 0 && v <= FLOOR_LIMITS.lossMaxDb;
}

function FigureRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
