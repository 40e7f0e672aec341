// What every configuration page follows live: the project's devices (status, "online, not saved"),
// and the configuration changes as they are stored and applied (ARCHITECTURE §7). One stream per
// page; a change is handed to the sections that show it. After a broken stream everything is read
// again (what was sent meanwhile was missed): the change is then null, "anything may have changed".
import { useCallback, useEffect, useRef, useState } from 'react';
import { newerRecord, type ConfigChange, type DeviceItem, type OperationItem } from '@airloom/contracts';
import { useProjectEvents, type LiveState } from '@airloom/shared-ui';
import type { DevicesApi } from '../../api';

export interface ChangeSignal {
  /** rises with each change heard */
  seq: number;
  change: ConfigChange | null;
}

export interface ProjectConfig {
  /** null until the list arrived */
  devices: readonly DeviceItem[] | null;
  error: Error | null;
  live: LiveState;
  changes: ChangeSignal;
  /** operations heard on the stream since the page opened, by id (the newest revision of each) */
  operations: ReadonlyMap<number, OperationItem>;
}

/** `onOperation` hears the project's operation events (a page that follows operations opens no second stream). */
export function useProjectConfig(api: DevicesApi, projectId: number, onOperation?: (operation: OperationItem) => void): ProjectConfig {
  const operationHandler = useRef(onOperation);
  operationHandler.current = onOperation;
  const [devices, setDevices] = useState<readonly DeviceItem[] | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [changes, setChanges] = useState<ChangeSignal>({ seq: 0, change: null });
  const [operations, setOperations] = useState<ReadonlyMap<number, OperationItem>>(new Map());
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    controller.current?.abort();
    const ctl = new AbortController();
    controller.current = ctl;
    try {
      const answer = await api.listDevices(ctl.signal);
      if (ctl.signal.aborted) return;
      // a record the stream brought meanwhile may be newer than the list's copy
      setDevices((prev) => answer.items.map((d) => newerRecord(prev?.find((p) => p.sn === d.sn), d)));
      setError(null);
    } catch (err) {
      if (!ctl.signal.aborted) setError(err as Error);
    }
  }, [api]);

  useEffect(() => {
    void load();
    return () => controller.current?.abort();
  }, [load]);

  const live = useProjectEvents(projectId, {
    onEvent(event) {
      if (event.type === 'device') {
        setDevices((prev) => prev && (prev.some((d) => d.sn === event.device.sn) ? prev.map((d) => (d.sn === event.device.sn ? newerRecord(d, event.device) : d)) : [...prev, event.device]));
      } else if (event.type === 'device-removed') {
        setDevices((prev) => prev && prev.filter((d) => d.sn !== event.sn));
      } else if (event.type === 'operation') {
        operationHandler.current?.(event.operation);
        setOperations((prev) => new Map(prev).set(event.operation.id, newerRecord(prev.get(event.operation.id), event.operation)));
      } else if (event.type === 'config') {
        setChanges((c) => ({ seq: c.seq + 1, change: event.change }));
      }
    },
    onReconnected() {
      void load();
      setChanges((c) => ({ seq: c.seq + 1, change: null }));
    },
  });

  return { devices, error, live, changes, operations };
}
