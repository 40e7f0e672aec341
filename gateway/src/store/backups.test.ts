// Backup sync states (spec §4) as the store keeps them: only the moves BACKUP_SYNC_TRANSITIONS allows,
// and a restored version its device refused, rolled back or never got leaves the backup failed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupSyncState } from '@airloom/contracts';
import { findBackup, insertBackup, refreshSyncStates, setSyncState, type NewBackup } from './backups.js';
import { createTestDb, testBackends } from './test-db.js';

const PROJECT = 7;

function backup(syncState: BackupSyncState): NewBackup {
  return {
    projectId: PROJECT, type: 'general', sn: '', device: null, fileName: 'hotel-general.json', remark: '', origin: 'upload', syncState,
    snapshot: { takenAt: '2026-01-01T00:00:00.000Z', devices: [], sections: [] }, awaiting: [], at: 1, actor: null,
  };
}

describe.each(testBackends())('backup sync states on %s', (backend) => {
  let env: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    env = await createTestDb(backend);
  });
  afterAll(async () => {
    await env?.close();
  });
  const state = async (id: number) => (await findBackup(env.db, PROJECT, id))?.sync_state;

  it('moves only as the sync states allow: unsynchronized → synchronizing → synchronized | failed, and back to synchronizing on a restore', async () => {
    const { id } = await insertBackup(env.db, backup('unsynchronized'));
    // an uploaded file is not synchronized (nor failed) before anything was sent
    expect(await setSyncState(env.db, id, 'synchronized', [])).toBe(false);
    expect(await setSyncState(env.db, id, 'failed', [])).toBe(false);
    expect(await state(id)).toBe('unsynchronized');
    expect(await setSyncState(env.db, id, 'synchronizing', [{ owner: '', section: 'vlan', version: 2 }])).toBe(true);
    expect(await setSyncState(env.db, id, 'synchronized', [])).toBe(true);
    // confirmed is confirmed: it does not fail afterwards, nor become unsynchronized
    expect(await setSyncState(env.db, id, 'failed', [])).toBe(false);
    expect(await setSyncState(env.db, id, 'unsynchronized', [])).toBe(false);
    expect(await state(id)).toBe('synchronized');
    expect(await setSyncState(env.db, id, 'synchronizing', [])).toBe(true);
    expect(await setSyncState(env.db, id, 'failed', [])).toBe(true);
    expect(await setSyncState(env.db, id, 'synchronizing', [])).toBe(true);
  });

  it('settles a synchronizing backup: still pending while its version is on its way, failed once the device rolled it back', async () => {
    const { id } = await insertBackup(env.db, { ...backup('synchronizing'), awaiting: [{ owner: '', section: 'wan', version: 3 }] });
    const [changeId] = await env.db('config_changes').insert({ project_id: PROJECT, sn: '', section: 'wan', version: 3, created_at: 1, body_json: '{}', changes_json: '[]', result: 'pending' });
    await refreshSyncStates(env.db, PROJECT);
    expect(await state(id)).toBe('synchronizing');
    await env.db('config_changes').where({ id: Number(changeId) }).update({ result: 'rolled-back' });
    await refreshSyncStates(env.db, PROJECT);
    expect(await state(id)).toBe('failed');
  });
});
