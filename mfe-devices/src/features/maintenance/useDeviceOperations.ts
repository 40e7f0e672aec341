// The operations started on one device, followed live: the POST's answer, then the project's
// `operation` events handed in by the page's one stream (ARCHITECTURE §3: the higher revision
// wins). The newest per kind (per port for a PoE reboot) is shown.
import { useCallback, useState } from 'react';
import { newerRecord, type OperationItem, type OperationKind } from '@airloom/contracts';

export interface DeviceOperations {
  /** an operation of this device, as answered or as an event brought it */
  keep(op: OperationItem): void;
  latest(kind: OperationKind, port?: number): OperationItem | null;
}

export function useDeviceOperations(sn: string): DeviceOperations {
  const [byId, setById] = useState<ReadonlyMap<number, OperationItem>>(new Map());
  const keep = useCallback(
    (op: OperationItem) => {
      if (op.sn !== sn) return;
      setById((prev) => {
        const next = new Map(prev);
        next.set(op.id, newerRecord(prev.get(op.id), op));
        return next;
      });
    },
    [sn],
  );
  const latest = useCallback(
    (kind: OperationKind, port?: number): OperationItem | null => {
      let found: OperationItem | null = null;
      for (const op of byId.values()) {
        if (op.kind !== kind || (port !== undefined && op.args?.port !== port)) continue;
        if (!found || op.id > found.id) found = op;
      }
      return found;
    },
    [byId],
  );
  return { keep, latest };
}
