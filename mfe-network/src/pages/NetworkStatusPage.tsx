// /manage/status (spec §2 "Network status"; issue 4 §4): the project's summary and device list,
// live over SSE, with a device's details in a side panel and rename / reboot / locate / add.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOperationFinished, type DeviceItem, type OperationItem, type ProjectEvent } from '@airloom/contracts';
import { ApiError, Button, ConfirmDialog, EmptyState, InlineNotice, Page, PageHeader, Row, Spinner, useNotice, type ProjectRef } from '@airloom/shared-ui';
import { useMfe } from '../mfe-context';
import { createNetworkApi, projectEventsUrl } from '../api';
import { canAddDevice, projectAllows, type DeviceAction } from '../device-access';
import { filterDevices, NO_FILTER, type DeviceFilter } from '../device-list';
import { useLiveDevices } from '../live/use-live-devices';
import type { EventSourceFactory } from '../live/project-events';
import { AddDeviceDialog } from '../components/AddDeviceDialog';
import { DeviceFilters } from '../components/DeviceFilters';
import { DevicePanel } from '../components/DevicePanel';
import { DeviceSummaryCards } from '../components/DeviceSummaryCards';
import { DeviceTable, deviceRowTarget } from '../components/DeviceTable';
import { LiveIndicator } from '../components/LiveIndicator';
import { RenameDialog } from '../components/RenameDialog';

export interface NetworkStatusPageProps {
  /** Tests pass a scripted stream; the browser's EventSource otherwise. */
  createEventSource?: EventSourceFactory;
}

export function NetworkStatusPage(props: NetworkStatusPageProps) {
  const { t } = useTranslation('network');
  const { project } = useMfe();
  if (!project) {
    // The shell only routes here with a project chosen; standalone, one is picked before rendering.
    return (
      <Page>
        <EmptyState title={t('status.title')} />
      </Page>
    );
  }
  return <StatusContent key={project.id} project={project} {...props} />;
}

/** What this page started and waits to hear about, to tell the user how it ended. */
interface Watching {
  operations: Map<number, { kind: OperationItem['kind']; name: string }>;
  renames: Map<string, string>;
  /** operations that ended lately: the end may arrive before the answer that started it */
  ended: Map<number, OperationItem>;
}

const ENDED_KEPT = 50;

function StatusContent({ project, createEventSource }: NetworkStatusPageProps & { project: ProjectRef }) {
  const { t } = useTranslation('network');
  const mfe = useMfe();
  const { notify } = useNotice();
  const api = useMemo(() => createNetworkApi(mfe.api, project.id), [mfe.api, project.id]);
  const watching = useRef<Watching>({ operations: new Map(), renames: new Map(), ended: new Map() });

  const operationEnded = useCallback(
    (operation: OperationItem, name: string) => {
      if (operation.state === 'done') {
        notify({ tone: 'success', message: t(operation.kind === 'reboot' ? 'reboot.done' : 'locate.done', { name }) });
      } else {
        const message = operation.error?.message ?? t('errors.generic.operationFailed');
        notify({ tone: 'danger', message: t('failed', { action: t(`actions.${operation.kind}`), name, message }) });
      }
    },
    [notify, t],
  );

  const renameSaved = useCallback((name: string) => notify({ tone: 'success', message: t('rename.saved', { name }) }), [notify, t]);

  const onEvent = useCallback(
    (event: ProjectEvent) => {
      const w = watching.current;
      if (event.type === 'operation' && isOperationFinished(event.operation.state)) {
        const mine = w.operations.get(event.operation.id);
        if (mine) {
          w.operations.delete(event.operation.id);
          operationEnded(event.operation, mine.name);
        } else {
          w.ended.set(event.operation.id, event.operation);
          if (w.ended.size > ENDED_KEPT) w.ended.delete(w.ended.keys().next().value!);
        }
      }
      if (event.type === 'device') {
        const wanted = w.renames.get(event.device.sn);
        if (wanted !== undefined && !event.device.pendingConfig && event.device.name === wanted) {
          w.renames.delete(event.device.sn);
          renameSaved(wanted);
        }
      }
    },
    [operationEnded, renameSaved],
  );

  const live = useLiveDevices({ api, eventsUrl: projectEventsUrl(project.id), onEvent, createEventSource });
  const [filter, setFilter] = useState<DeviceFilter>(NO_FILTER);
  const [openSn, setOpenSn] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<DeviceItem | null>(null);
  const [rebooting, setRebooting] = useState<DeviceItem | null>(null);
  const [rebootBusy, setRebootBusy] = useState(false);
  const [adding, setAdding] = useState(false);

  const items = live.items;
  const shown = useMemo(() => (items ? filterDevices(items, filter) : []), [items, filter]);
  const opened = openSn ? items?.find((d) => d.sn === openSn) ?? null : null;
  const anyAction = (['rename', 'reboot', 'locate'] as const).some((a) => projectAllows(mfe.session, project, a));
  const mayAdd = canAddDevice(mfe.session, project);

  async function operate(device: DeviceItem, kind: OperationItem['kind']): Promise<void> {
    const since = live.mark();
    try {
      const operation = await api.operate(device.sn, { kind });
      if (!operation) return;
      notify({ tone: 'info', message: t(kind === 'reboot' ? 'reboot.sent' : 'locate.sent', { name: device.name }) });
      const ended = watching.current.ended.get(operation.id);
      if (ended) {
        operationEnded(ended, device.name);
        return;
      }
      watching.current.operations.set(operation.id, { kind, name: device.name });
      live.applyOwn({ type: 'operation', operation }, since);
    } catch (err) {
      // the server's refusal, with its catalogue text (spec §8)
      const message = err instanceof ApiError ? err.message : t('errors.generic.operationFailed');
      notify({ tone: 'danger', message: t('failed', { action: t(`actions.${kind}`), name: device.name, message }) });
    }
  }

  function onAction(action: DeviceAction, device: DeviceItem) {
    if (action === 'rename') setRenaming(device);
    else if (action === 'reboot') setRebooting(device);
    else void operate(device, 'locate');
  }

  async function confirmReboot() {
    if (!rebooting) return;
    setRebootBusy(true);
    await operate(rebooting, 'reboot');
    setRebootBusy(false);
    setRebooting(null);
  }

  function closePanel() {
    const sn = openSn;
    setOpenSn(null);
    // focus goes back to the row the panel was opened from
    if (sn) requestAnimationFrame(() => deviceRowTarget(sn)?.focus());
  }

  const addButton = mayAdd && (
    <Button variant="primary" onClick={() => setAdding(true)}>
      {t('actions.add')}
    </Button>
  );

  return (
    <Page>
      <PageHeader
        title={t('status.title')}
        description={t('status.description', { project: project.projectName })}
        actions={
          <Row $gap="md">
            <LiveIndicator state={live.live} />
            {addButton}
          </Row>
        }
      />
      {live.error && <InlineNotice tone="danger">{t('status.loadFailed', { message: live.error.message })}</InlineNotice>}
      {!items ? (
        !live.error && <Spinner />
      ) : (
        <>
          {live.summary && <DeviceSummaryCards summary={live.summary} alarms={live.alarms} />}
          <DeviceFilters filter={filter} onChange={setFilter} />
          <DeviceTable
            devices={shown}
            onOpen={(d) => setOpenSn(d.sn)}
            onAction={anyAction ? onAction : undefined}
            empty={
              items.length === 0 ? (
                <EmptyState title={t('status.empty')} description={t('status.emptyHint')} action={addButton} />
              ) : (
                <EmptyState
                  title={t('filter.noMatch')}
                  action={
                    <Button size="sm" onClick={() => setFilter(NO_FILTER)}>
                      {t('filter.clear')}
                    </Button>
                  }
                />
              )
            }
          />
        </>
      )}
      {opened && <DevicePanel device={opened} api={api} onClose={closePanel} onAction={onAction} />}
      <RenameDialog
        device={renaming}
        api={api}
        onClose={() => setRenaming(null)}
        mark={live.mark}
        onRenamed={(device, name, saved, since) => {
          setRenaming(null);
          const row = saved ?? { ...device, name, pendingConfig: true };
          const now = live.applyOwn({ type: 'device', device: row }, since) ? row : live.current(device.sn);
          if (now?.name === name && !now.pendingConfig) {
            renameSaved(name);
            return;
          }
          watching.current.renames.set(device.sn, name);
          notify({ tone: 'info', message: t('rename.sent', { name }) });
        }}
      />
      <ConfirmDialog
        open={rebooting !== null}
        title={t('reboot.title')}
        message={t('reboot.message', { name: rebooting?.name ?? '' })}
        confirmLabel={t('actions.reboot')}
        danger
        busy={rebootBusy}
        onConfirm={() => void confirmReboot()}
        onCancel={() => setRebooting(null)}
      />
      <AddDeviceDialog
        open={adding}
        api={api}
        onClose={() => setAdding(false)}
        mark={live.mark}
        onAdded={(sn, name, device, since) => {
          setAdding(false);
          if (device) live.applyOwn({ type: 'device', device }, since);
          notify({ tone: 'success', message: t('add.added', { name: device?.name ?? name ?? sn }) });
        }}
      />
    </Page>
  );
}
