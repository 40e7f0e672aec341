// What the results table shows for a device: the answer of the bulk call, and for a queued
// operation where it stands, from the project's live `operation` events (or the device record's
// unfinished operation), the newer revision winning (ARCHITECTURE §3).
import { newerRecord, type BulkResult, type DeviceItem, type OperationItem, type OperationState } from '@airloom/contracts';

export type ResultDetail = { kind: 'error'; message: string } | { kind: 'removed' } | { kind: 'progress'; state: OperationState; message: string | null } | { kind: 'none' };

export function resultDetail(result: BulkResult, device: DeviceItem | undefined, heard: ReadonlyMap<number, OperationItem>): ResultDetail {
  if (result.error) return { kind: 'error', message: result.error.message };
  if (result.operationId === null) return result.outcome === 'succeeded' ? { kind: 'removed' } : { kind: 'none' };
  const fromDevice = device?.operation?.id === result.operationId ? device.operation : undefined;
  const fromStream = heard.get(result.operationId);
  const operation = fromStream && fromDevice ? newerRecord(fromDevice, fromStream) : (fromStream ?? fromDevice);
  // nothing heard yet: it was queued when the answer came
  if (!operation) return { kind: 'progress', state: 'queued', message: null };
  return { kind: 'progress', state: operation.state, message: operation.error?.message ?? null };
}
