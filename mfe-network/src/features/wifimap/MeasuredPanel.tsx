// The Wi-Fi map's "Predicted vs measured" panel (docs/radio.md): what the floor's APs heard of each
// other in their neighbour scans beside what the map predicts, the mean error, "Scan now" (one
// neighbour-scan operation per online AP, followed until each ends) and "Fit to measurements" (one
// loss per wall material, least squares), applied to the floor's walls only once the user confirms.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { isOperationFinished, type Floor, type FloorUpdateRequest, type NeighbourMeasurement } from '@airloom/contracts';
import type { FitResult } from '@airloom/radio';
import { ApiError, Button, Card, EmptyState, InlineNotice, Row, Stack, Table, useCan, type TableColumn } from '@airloom/shared-ui';
import type { NetworkApi } from '../../api';
import { applyFittedLosses, comparePairs, fitWalls, type PairRow } from './measured-model';
import type { Band, SceneInput } from './wifimap-model';

const Figures = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 24px;
  margin: 0 0 12px;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; font-weight: 700; }
`;

const Losses = styled.ul`
  margin: 4px 0 0;
  padding-left: 18px;
`;

const FitBox = styled.div`
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const POLL_MS = 1_000;
const dbm = (v: number | null) => (v === null ? '–' : `${v.toFixed(1)} dBm`);
const db = (v: number | null) => (v === null ? '–' : `${v > 0 ? '+' : ''}${v.toFixed(1)} dB`);

export interface MeasuredPanelProps {
  api: NetworkApi;
  floor: Floor;
  band: Band;
  devices: SceneInput['devices'];
  /** a device's name for its serial number */
  nameOf(sn: string): string;
  save(patch: FloorUpdateRequest, local?: Partial<Floor>): Promise<void>;
  writable: boolean;
}

export function MeasuredPanel({ api, floor, band, devices, nameOf, save, writable }: MeasuredPanelProps) {
  const { t } = useTranslation('network');
  const canScan = useCan('device.operate').ok;
  const [measurements, setMeasurements] = useState<NeighbourMeasurement[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number; skipped: number } | null>(null);
  const [fit, setFit] = useState<FitResult | null>(null);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setMeasurements(await api.measurements(floor.id, signal));
      } catch (err) {
        if (!signal?.aborted) setError(err instanceof ApiError ? err.message : String(err));
      }
    },
    [api, floor.id],
  );
  useEffect(() => {
    const ctl = new AbortController();
    setMeasurements(null);
    setFit(null);
    void load(ctl.signal);
    return () => ctl.abort();
  }, [load]);

  const comparison = useMemo(() => (measurements ? comparePairs({ floor, band, devices, measurements }) : null), [floor, band, devices, measurements]);
  // a fit belongs to the walls and band it was made for
  useEffect(() => setFit(null), [floor.walls, band]);

  async function scan() {
    setError(null);
    setFit(null);
    try {
      const answer = await api.scanFloor(floor.id);
      const pending = new Set(answer.operations.map((o) => o.operationId));
      const total = pending.size;
      setProgress({ done: 0, total, skipped: answer.skipped.length });
      while (pending.size > 0) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        for (const id of [...pending]) {
          const status = await api.operation(id).catch(() => null);
          if (!status || isOperationFinished(status.state)) pending.delete(id);
        }
        setProgress({ done: total - pending.size, total, skipped: answer.skipped.length });
      }
      await load();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setProgress(null);
    }
  }

  const columns = useMemo<TableColumn<PairRow>[]>(
    () => [
      { id: 'observer', header: t('measured.observer'), value: (r) => nameOf(r.observerSn), hideable: false },
      { id: 'source', header: t('measured.source'), value: (r) => nameOf(r.sourceSn) },
      { id: 'predicted', header: t('measured.predicted'), value: (r) => r.predictedDbm ?? -999, cell: (r) => dbm(r.predictedDbm) },
      { id: 'measured', header: t('measured.measured'), value: (r) => r.measuredDbm, cell: (r) => dbm(r.measuredDbm) },
      { id: 'error', header: t('measured.error'), value: (r) => Math.abs(r.errorDb ?? 0), cell: (r) => db(r.errorDb) },
    ],
    [t, nameOf],
  );

  const bound = floor.aps.some((a) => a.sn);
  const rows = comparison?.rows ?? [];
  const scanning = progress !== null;

  return (
    <Card title={t('measured.title')} data-testid="measured">
      <Stack $gap="sm">
        {error && <InlineNotice tone="danger">{error}</InlineNotice>}
        {!bound ? (
          <EmptyState title={t('measured.noAps')} description={t('measured.noApsHint')} />
        ) : (
          <>
            <Row $gap="sm">
              {canScan && (
                <Button size="sm" variant="secondary" disabled={scanning} onClick={() => void scan()}>
                  {scanning ? t('measured.scanning', progress) : t('measured.scan')}
                </Button>
              )}
              {writable && rows.length > 0 && (
                <Button size="sm" variant="secondary" disabled={scanning} onClick={() => setFit(fitWalls({ floor, band, devices, measurements: measurements ?? [] }))}>
                  {t('measured.fit')}
                </Button>
              )}
            </Row>
            {progress && progress.skipped > 0 && <InlineNotice tone="info">{t('measured.skipped', { count: progress.skipped })}</InlineNotice>}
            {fit && !fit.ok && <InlineNotice tone="info">{t('measured.tooFew', { have: fit.have, needed: fit.needed })}</InlineNotice>}
            {fit && fit.ok && (
              <FitBox role="status" data-testid="fit-result">
                <span>{t('measured.fitResult', { before: fit.before.meanAbsDb.toFixed(1), after: fit.after.meanAbsDb.toFixed(1) })}</span>
                <Losses>
                  {Object.entries(fit.lossDb).map(([material, loss]) => (
                    <li key={material}>
                      {t('measured.fittedLoss', {
                        material: t(`enums.obstacle.${material}`),
                        from: floor.walls.find((w) => w.material === material)?.lossDb ?? '–',
                        to: loss.toFixed(1),
                      })}
                    </li>
                  ))}
                </Losses>
                <Row $gap="sm" style={{ marginTop: 8 }}>
                  <Button size="sm" onClick={() => {
                    const walls = applyFittedLosses(floor.walls, fit.lossDb);
                    setFit(null);
                    void save({ walls }, { walls });
                  }}>{t('measured.apply')}</Button>
                  <Button size="sm" variant="ghost" onClick={() => setFit(null)}>{t('measured.discard')}</Button>
                </Row>
              </FitBox>
            )}
            {comparison && rows.length > 0 && (
              <Figures>
                <dt>{t('measured.pairs')}</dt>
                <dd data-testid="measured-pairs">{rows.length}</dd>
                <dt>{t('measured.meanError')}</dt>
                <dd data-testid="mean-error">{comparison.meanAbsErrorDb === null ? '–' : `${comparison.meanAbsErrorDb.toFixed(1)} dB`}</dd>
              </Figures>
            )}
            {measurements && rows.length === 0 ? (
              <EmptyState title={t('measured.none')} description={t('measured.noneHint')} />
            ) : (
              <Table label={t('measured.tableLabel')} columns={columns} data={rows} getRowId={(r) => `${r.observerSn}<${r.sourceSn}`} searchable={false} initialSort={{ id: 'error', desc: true }} initialPageSize={10} pageSizes={[10, 20, 50, 100]} />
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
