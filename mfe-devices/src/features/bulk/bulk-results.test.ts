import { describe, expect, it } from 'vitest';
import type { BulkResult, DeviceItem, OperationItem } from '@airloom/contracts';
import { resultDetail } from './bulk-results';

const ok = (operationId: number | null): BulkResult => ({ sn: 'SN1', outcome: 'succeeded', operationId, error: null });
const op = (id: number, state: OperationItem['state'], revision: number, error: OperationItem['error'] = null): OperationItem => ({
  id, revision, state, error, args: null, projectId: 1, sn: 'SN1', kind: 'reboot', createdAt: '', updatedAt: '',
});
const device = (operation: OperationItem | null) => ({ sn: 'SN1', operation }) as unknown as DeviceItem;
const none = new Map<number, OperationItem>();

describe('bulk result detail', () => {
  it('shows the reason of a refusal', () => {
    expect(resultDetail({ sn: 'SN1', outcome: 'refused', operationId: null, error: { code: 36, message: 'Device offline' } }, undefined, none)).toEqual({ kind: 'error', message: 'Device offline' });
  });

  it('is waiting until something is heard of the operation, then follows the newest copy', () => {
    expect(resultDetail(ok(7), device(null), none)).toEqual({ kind: 'progress', state: 'queued', message: null });
    expect(resultDetail(ok(7), device(op(7, 'running', 3)), none)).toMatchObject({ state: 'running' });
    expect(resultDetail(ok(7), device(op(7, 'running', 3)), new Map([[7, op(7, 'done', 4)]]))).toMatchObject({ state: 'done' });
    // an older event does not undo a newer device record
    expect(resultDetail(ok(7), device(op(7, 'running', 5)), new Map([[7, op(7, 'sent', 4)]]))).toMatchObject({ state: 'running' });
    expect(resultDetail(ok(7), device(op(9, 'queued', 6)), new Map([[7, op(7, 'expired', 4, { code: 36, message: 'offline' })]]))).toEqual({ kind: 'progress', state: 'expired', message: 'offline' });
  });

  it('says a removed device was removed', () => {
    expect(resultDetail(ok(null), undefined, none)).toEqual({ kind: 'removed' });
  });
});
