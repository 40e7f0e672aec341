// /manage/status (spec §2 "Network status"): the project's summary and device list,
// live over SSE, with a device's details in a side panel and rename / reboot / locate / add /
// remove. What the user looks at (filters, sort, the open device) lives in the address.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterDevices, isOperationFinished, type DeviceItem, type OperationItem, type OperationRequest, type ProjectEvent } from '@airloom/contracts';
import { ApiError, Button, ConfirmDialog, EmptyState, InlineNotice, Page, PageHeader, Row, Spinner, useMfe, useNotice, type ProjectRef } from '@airloom/shared-ui';
import { createNetworkApi } from '../../api';
import { ACTION_OF, useProjectOffer, type DeviceAction } from './device-access';
import { NO_FILTER } from './device-list';
import { useStatusView } from './status-view';
import { useLiveDevices } from './useLiveDevices';
import { AddDeviceDialog } from './AddDeviceDialog';
import { ImportDevicesDialog } from './ImportDevicesDialog';
import { DeviceFilters } from './DeviceFilters';
import { DevicePanel } from './DevicePanel';
import { DeviceSummaryCards } from './DeviceSummaryCards';
import { DeviceTable, deviceRowTarget, SORTABLE_COLUMNS } from './DeviceTable';
import { LiveIndicator } from './LiveIndicator';
import { RenameDialog } from './RenameDialog';

export function NetworkStatusPage() {
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
  return <StatusContent key={project.id} project={project} />;
}

/** What this page started and waits to hear about, to tell the user how it ended. */
interface Watching {
  operations: Map<number, { kind: OperationItem['kind']; name: string }>;
  renames: Map<string, string>;
  /** operations that ended lately: the end may arrive before the answer that started it */
  ended: Map<number, OperationItem>;
}

const ENDED_KEPT = 50;

function StatusContent({ project }: { project: ProjectRef }) {
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

  const live = useLiveDevices({ api, projectId: project.id, onEvent });
  const [view, setView] = useStatusView(project.id, SORTABLE_COLUMNS);
  const { filter, device: openSn } = view;
  const [renaming, setRenaming] = useState<DeviceItem | null>(null);
  const [removing, setRemoving] = useState<DeviceItem | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [unverified, setUnverified] = useState<number | null>(null);
  const [rebooting, setRebooting] = useState<DeviceItem | null>(null);
  const [rebootBusy, setRebootBusy] = useState(false);
  // `?verify=1` (the overview's link to the devices to be verified) opens the Add dialog with their list
  const [adding, setAdding] = useState(view.verify);
  // `?import=1` (the commissioning checklist's link) opens the import dialog
  const [importing, setImporting] = useState(view.import);

  const items = live.items;
  const shown = useMemo(() => (items ? filterDevices(items, filter) : []), [items, filter]);
  const opened = openSn ? items?.find((d) => d.sn === openSn) ?? null : null;
  // Whether the project lets this user act on any of its devices (demo, read-only: no).
  // (in the demo they are shown disabled with the reason, so an evaluator sees what the console does)
  const renameOffer = useProjectOffer(ACTION_OF.rename);
  const rebootOffer = useProjectOffer(ACTION_OF.reboot);
  const locateOffer = useProjectOffer(ACTION_OF.locate);
  const anyAction = [renameOffer, rebootOffer, locateOffer].some((o) => o.kind !== 'hidden');
  // spec §4: adding a device is a project write; demo and read-only projects refuse it
  const addOffer = useProjectOffer('device.add');
  const mayAdd = addOffer.kind === 'enabled';
  const removeOffer = useProjectOffer('device.remove');

  // devices to be verified: the user's own devices that connected but belong to no project yet
  useEffect(() => {
    if (!mayAdd || adding) return;
    const controller = new AbortController();
    api.unverified(controller.signal).then(
      (list) => setUnverified(list.length),
      () => setUnverified(null),
    );
    return () => controller.abort();
  }, [api, mayAdd, adding]);

  async function operate(device: DeviceItem, kind: OperationRequest['kind']): Promise<void> {
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
      live.apply({ type: 'operation', operation });
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

  async function confirmRemove() {
    if (!removing) return;
    const device = removing;
    setRemoveBusy(true);
    try {
      await api.remove(device.sn);
      live.apply({ type: 'device-removed', sn: device.sn });
      if (openSn === device.sn) setView({ device: null });
      notify({ tone: 'success', message: t('remove.done', { name: device.name }) });
    } catch (err) {
      const message = err instanceof ApiError ? err.message : t('errors.generic.operationFailed');
      notify({ tone: 'danger', message: t('failed', { action: t('actions.remove'), name: device.name, message }) });
    }
    setRemoveBusy(false);
    setRemoving(null);
  }

  function closePanel() {
    const sn = openSn;
    setView({ device: null });
    // focus goes back to the row the panel was opened from
    if (sn) requestAnimationFrame(() => deviceRowTarget(sn)?.focus());
  }

  const addButton = addOffer.kind !== 'hidden' && (
    <Button
      variant="primary"
      disabled={addOffer.kind === 'disabled'}
      disabledReason={addOffer.kind === 'disabled' ? addOffer.reason : undefined}
      reasonDisplay="info"
      onClick={() => setAdding(true)}
    >
      {t('actions.add')}
    </Button>
  );
  // spec §5 import file: the same right as adding one device
  const importButton = addOffer.kind !== 'hidden' && (
    <Button
      disabled={addOffer.kind === 'disabled'}
      disabledReason={addOffer.kind === 'disabled' ? addOffer.reason : undefined}
      reasonDisplay="info"
      onClick={() => setImporting(true)}
    >
      {t('import.open')}
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
            {importButton}
            {addButton}
          </Row>
        }
      />
      {live.error && <InlineNotice tone="danger">{t('status.loadFailed', { message: live.error.message })}</InlineNotice>}
      {unverified !== null && unverified > 0 && (
        <InlineNotice tone="info">
          {t('unverified.count', { count: unverified })}{' '}
          <Button size="sm" onClick={() => setAdding(true)}>
            {t('unverified.review')}
          </Button>
        </InlineNotice>
      )}
      {!items ? (
        !live.error && <Spinner />
      ) : (
        <>
          {live.summary && <DeviceSummaryCards summary={live.summary} alarms={live.alarms} />}
          <DeviceFilters filter={filter} devices={items} onChange={(next) => setView({ filter: next })} />
          <DeviceTable
            devices={shown}
            netMode={project.netMode}
            sort={view.sort}
            onSortChange={(sort) => setView({ sort })}
            onOpen={(d) => setView({ device: d.sn })}
            onAction={anyAction ? onAction : undefined}
            empty={
              items.length === 0 ? (
                <EmptyState title={t('status.empty')} description={t('status.emptyHint')} action={addButton} />
              ) : (
                <EmptyState
                  title={t('filter.noMatch')}
                  action={
                    <Button size="sm" onClick={() => setView({ filter: NO_FILTER })}>
                      {t('filter.clear')}
                    </Button>
                  }
                />
              )
            }
          />
        </>
      )}
      {opened && (
        <DevicePanel
          device={opened}
          api={api}
          onClose={closePanel}
          onAction={onAction}
          nameOf={(sn) => items?.find((d) => d.sn === sn)?.name}
          extraActions={
            removeOffer.kind !== 'hidden' && (
              <Button
                size="md"
                variant="ghost"
                aria-label={t('actions.removeDevice', { name: opened.name })}
                disabled={removeOffer.kind === 'disabled'}
                disabledReason={removeOffer.kind === 'disabled' ? removeOffer.reason : undefined}
                onClick={() => setRemoving(opened)}
              >
                {t('actions.remove')}
              </Button>
            )
          }
        />
      )}
      <RenameDialog
        device={renaming}
        api={api}
        onClose={() => setRenaming(null)}
        onRenamed={(device, name, saved) => {
          setRenaming(null);
          const row = saved ?? { ...device, name, pendingConfig: true };
          live.apply({ type: 'device', device: row });
          const now = live.shown(row);
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
      <ConfirmDialog
        open={removing !== null}
        title={t('remove.title')}
        message={t('remove.message', { name: removing?.name ?? '', sn: removing?.sn ?? '' })}
        confirmLabel={t('actions.remove')}
        danger
        busy={removeBusy}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
      <AddDeviceDialog
        open={adding && mayAdd}
        api={api}
        onClose={() => setAdding(false)}
        onAdded={(sn, name, device) => {
          setAdding(false);
          if (device) live.apply({ type: 'device', device });
          notify({ tone: 'success', message: t('add.added', { name: device?.name ?? name ?? sn }) });
        }}
      />
      <ImportDevicesDialog
        open={importing && mayAdd}
        api={api}
        onClose={() => setImporting(false)}
        // the imported devices arrive in the list as live events; the dialog stays open with its results
        onImported={(count) => notify({ tone: 'success', message: t('import.done', { count }) })}
      />
    </Page>
  );
}
