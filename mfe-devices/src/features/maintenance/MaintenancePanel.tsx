// A device's Maintenance tab (/manage/devconf/:sn/maintenance, spec §1 device maintenance): LED
// control, remote web management, reset to factory defaults, PoE reboot of a switch's ports, formatting a
// recorder's disk, copying the settings of a device of the same model.
// Each asks first where it disturbs the device, then shows its live phase (spec §4); refusals show
// the catalogue's sentence; everything is read-only with the reason where can() says so.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_OPERATIONS, isOperationFinished, operationPhase, type DeviceDetail, type DeviceItem, type LedMode, type OperationItem, type OperationRequest } from '@airloom/contracts';
import {
  ApiError,
  Button,
  Card,
  ConfirmDialog,
  InlineNotice,
  Row,
  Stack,
  Table,
  refusalText,
  useCan,
  useLoad,
  useMfe,
  type ProjectRef,
  type TableColumn,
} from '@airloom/shared-ui';
import { deviceLabel } from '../config/device-name';
import { createMaintenanceApi } from './api';
import { FirmwareCard } from './FirmwareCard';
import type { DeviceOperations } from './useDeviceOperations';
import { DevicePasswordCard } from './DevicePasswordCard';
import { CopyConfigCard } from './CopyConfigCard';
import { ManagementModeCard } from './ManagementModeCard';
import { RebootScheduleCard } from './RebootScheduleCard';
import { RemoteWebCard } from './RemoteWebCard';

type Port = DeviceDetail['ports'][number] & { number: number };
type Pending = { request: OperationRequest; title: string; message: string; confirmLabel: string; danger: boolean };

export function MaintenancePanel({ project, device, ops }: { project: ProjectRef; device: DeviceItem; ops: DeviceOperations }) {
  const { t } = useTranslation('devices');
  const mfe = useMfe();
  const api = useMemo(() => createMaintenanceApi(mfe.api, project.id), [mfe.api, project.id]);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = deviceLabel(device);
  const isSwitch = device.type === 'switch';
  const isNvr = device.type === 'nvr';
  const operate = useCan(DEVICE_OPERATIONS.led.action, device);
  const reset = useCan(DEVICE_OPERATIONS.reset.action, device);
  const poe = useCan(DEVICE_OPERATIONS['poe-reboot'].action, device);
  const detail = useLoad((signal) => (isSwitch ? api.detail(device.sn, signal) : Promise.resolve(null)));
  const firmware = useLoad((signal) => api.firmware(signal));

  async function run(request: OperationRequest) {
    setBusy(true);
    setError(null);
    try {
      ops.keep(await api.operate(device.sn, request));
      setPending(null);
    } catch (err) {
      setPending(null);
      setError(t('maintenance.refused', { message: err instanceof ApiError ? err.message : t('errors.generic.operationFailed') }));
    } finally {
      setBusy(false);
    }
  }

  const ports: Port[] = (detail.data?.ports ?? []).map((p, i) => ({ ...p, number: i + 1 }));
  const portColumns = useMemo<TableColumn<Port>[]>(
    () => [
      { id: 'port', header: t('maintenance.poe.port'), value: (p) => p.name || String(p.number), hideable: false },
      { id: 'link', header: t('maintenance.poe.state'), value: (p) => (p.up ? t('maintenance.poe.up') : t('maintenance.poe.down')) },
      { id: 'power', header: t('maintenance.poe.power'), value: (p) => (p.poePower === null ? '—' : t('maintenance.poe.watts', { value: p.poePower.toFixed(2) })) },
    ],
    [t],
  );

  const readOnly = !operate.ok ? operate : null;
  return (
    <Stack $gap="lg">
      {readOnly && !readOnly.ok && <InlineNotice tone="info">{t('maintenance.readOnly', { reason: refusalText(readOnly.code) })}</InlineNotice>}
      {error && <InlineNotice tone="danger">{error}</InlineNotice>}

      <RebootScheduleCard project={project} device={device} />
      <DevicePasswordCard project={project} device={device} />
      <ManagementModeCard project={project} device={device} />
      <CopyConfigCard project={project} device={device} />
      <RemoteWebCard project={project} device={device} />

      <Card title={t('maintenance.led.title')} data-maintenance="led">
        <Stack $gap="sm">
          <p>{t('maintenance.led.description')}</p>
          <Row $gap="sm" $wrap role="group" aria-label={t('maintenance.led.groupLabel')}>
            {(['on', 'off', 'schedule'] as LedMode[]).map((mode) => (
              <Button key={mode} size="sm" disabled={!operate.ok || busy} onClick={() => void run({ kind: 'led', mode })}>
                {t(`maintenance.led.${mode}`)}
              </Button>
            ))}
          </Row>
          <Phase op={ops.latest('led')} />
        </Stack>
      </Card>

      {isSwitch && (
        <Card title={t('maintenance.poe.title')} data-maintenance="poe">
          <Stack $gap="sm">
            <p>{t('maintenance.poe.description')}</p>
            {ports.length === 0 ? (
              detail.data !== undefined && <InlineNotice tone="info">{t('maintenance.poe.none')}</InlineNotice>
            ) : (
              <Table
                label={t('maintenance.poe.tableLabel')}
                columns={portColumns}
                data={ports}
                getRowId={(p) => String(p.number)}
                searchable={false}
                rowActions={(p) => (
                  <Stack $gap="xs">
                    {poe.ok && (
                      <Button
                        size="sm"
                        aria-label={t('maintenance.poe.actionLabel', { port: p.number })}
                        disabled={busy || running(ops.latest('poe-reboot', p.number))}
                        onClick={() =>
                          setPending({
                            request: { kind: 'poe-reboot', port: p.number },
                            title: t('maintenance.poe.confirmTitle', { port: p.name || p.number }),
                            message: t('maintenance.poe.confirm', { port: p.name || p.number, name }),
                            confirmLabel: t('maintenance.poe.confirmLabel'),
                            danger: false,
                          })
                        }
                      >
                        {t('maintenance.poe.action')}
                      </Button>
                    )}
                    <Phase op={ops.latest('poe-reboot', p.number)} />
                  </Stack>
                )}
              />
            )}
          </Stack>
        </Card>
      )}

      {isNvr && (
        <Card title={t('maintenance.format.title')} data-maintenance="format">
          <Stack $gap="sm">
            <p>{t('maintenance.format.description')}</p>
            {operate.ok && (
              <Row>
                <Button
                  variant="danger"
                  disabled={busy || running(ops.latest('format-disk'))}
                  onClick={() =>
                    setPending({
                      request: { kind: 'format-disk' },
                      title: t('maintenance.format.confirmTitle', { name }),
                      message: t('maintenance.format.confirm'),
                      confirmLabel: t('maintenance.format.confirmLabel'),
                      danger: true,
                    })
                  }
                >
                  {t('maintenance.format.action')}
                </Button>
              </Row>
            )}
            <Phase op={ops.latest('format-disk')} />
          </Stack>
        </Card>
      )}

      <Card title={t('maintenance.reset.title')} data-maintenance="reset">
        <Stack $gap="sm">
          <p>{t('maintenance.reset.description')}</p>
          {isNvr ? (
            <InlineNotice tone="info">{t('maintenance.reset.nvr')}</InlineNotice>
          ) : (
            reset.ok && (
              <Row>
                <Button
                  variant="danger"
                  disabled={busy || running(ops.latest('reset'))}
                  onClick={() =>
                    setPending({
                      request: { kind: 'reset' },
                      title: t('maintenance.reset.confirmTitle', { name }),
                      message: t('maintenance.reset.confirm'),
                      confirmLabel: t('maintenance.reset.confirmLabel'),
                      danger: true,
                    })
                  }
                >
                  {t('maintenance.reset.action')}
                </Button>
              </Row>
            )
          )}
          {!isNvr && operate.ok && !reset.ok && <InlineNotice tone="info">{refusalText(reset.code)}</InlineNotice>}
          <Phase op={ops.latest('reset')} />
        </Stack>
      </Card>

      <FirmwareCard
        device={device}
        catalogue={firmware.data ?? undefined}
        busy={busy}
        running={running(ops.latest('upgrade'))}
        phase={<Phase op={ops.latest('upgrade')} />}
        upload={async (file) => {
          await api.upload(file);
          firmware.reload();
        }}
        ask={(request, label) =>
          setPending({
            request,
            title: t('maintenance.firmware.confirmTitle', { name }),
            message: t('maintenance.firmware.confirm', { firmware: label }),
            confirmLabel: t('maintenance.firmware.confirmLabel'),
            danger: false,
          })
        }
      />

      <ConfirmDialog
        open={pending !== null}
        title={pending?.title}
        message={pending?.message ?? ''}
        confirmLabel={pending?.confirmLabel}
        danger={pending?.danger ?? false}
        busy={busy}
        onConfirm={() => pending && void run(pending.request)}
        onCancel={() => setPending(null)}
      />
    </Stack>
  );
}

function running(op: OperationItem | null): boolean {
  return op !== null && !isOperationFinished(op.state);
}

/** Where the newest operation stands, announced politely to screen readers. */
function Phase({ op }: { op: OperationItem | null }) {
  const { t } = useTranslation('devices');
  if (!op) return null;
  const phase = operationPhase(op.kind, op.state, op.step ?? null);
  const text = phase === 'failed' ? t('maintenance.phase.failed', { message: op.error?.message ?? '' }) : t(`maintenance.phase.${phase}`);
  return (
    <p role="status" aria-live="polite" data-phase={phase}>
      {text}
    </p>
  );
}
