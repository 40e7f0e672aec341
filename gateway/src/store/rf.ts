// RF optimisation runs and records (table `rf_optimisations`, docs/wireless.md "RF optimisation"): rows
// and their state; the BFF's rf service decides and runs the steps. A run holds the project's
// `running_project_id` (a unique key) while it optimises, so of two runs only one starts, on any
// number of console instances; a run whose instance died is failed once its lease has run out.
import type { Knex } from 'knex';

export type RfRunState = 'idle' | 'optimising' | 'completed' | 'failed';

export interface RfRunRow {
  id: number;
  project_id: number;
  mode: string;
  state: RfRunState;
  percent: number;
  sns_json: string;
  account_id: number | null;
  due_at: number | null;
  repeat_hours: number | null;
  running_project_id: number | null;
  lease_owner: string | null;
  lease_until: number | null;
  started_at: number | null;
  finished_at: number | null;
  record_json: string | null;
  error: string | null;
  created_at: number;
}

const TABLE = 'rf_optimisations';

function normalise(row: RfRunRow): RfRunRow {
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    ...row,
    id: Number(row.id),
    project_id: Number(row.project_id),
    percent: Number(row.percent),
    account_id: n(row.account_id),
    due_at: n(row.due_at),
    repeat_hours: n(row.repeat_hours),
    running_project_id: n(row.running_project_id),
    lease_until: n(row.lease_until),
    started_at: n(row.started_at),
    finished_at: n(row.finished_at),
    created_at: Number(row.created_at),
  };
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; errno?: number; message?: string };
  return e.code === 'ER_DUP_ENTRY' || e.errno === 1062 || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e.message ?? '');
}

/** Fails the project's run whose instance stopped renewing its lease (it cannot be finished by anybody else). */
export async function expireRuns(db: Knex, projectId: number, now: number): Promise<void> {
  await db(TABLE)
    .where({ project_id: projectId, state: 'optimising' })
    .andWhere('lease_until', '<', now)
    .update({ state: 'failed', running_project_id: null, finished_at: now, error: 'the console stopped while it ran' });
}

/** The project's run that is optimising now, or null. */
export async function runningRun(db: Knex, projectId: number, now: number): Promise<RfRunRow | null> {
  await expireRuns(db, projectId, now);
  const row = (await db(TABLE).where({ running_project_id: projectId }).first()) as RfRunRow | undefined;
  return row ? normalise(row) : null;
}

export interface NewRfRun {
  projectId: number;
  mode: string;
  sns: readonly string[];
  accountId: number | null;
  /** idle until then; null: starts now (optimising, with this instance's lease) */
  dueAt: number | null;
  repeatHours: number | null;
  owner: string;
  leaseUntil: number;
  now: number;
}

/** A new run: started at once (null when another run of the project is optimising) or idle until its time. */
export async function insertRun(db: Knex, run: NewRfRun): Promise<number | null> {
  const starting = run.dueAt === null;
  if (starting) await expireRuns(db, run.projectId, run.now);
  try {
    const [id] = await db(TABLE).insert({
      project_id: run.projectId,
      mode: run.mode,
      state: starting ? 'optimising' : 'idle',
      percent: 0,
      sns_json: JSON.stringify(run.sns),
      account_id: run.accountId,
      due_at: run.dueAt,
      repeat_hours: run.repeatHours,
      running_project_id: starting ? run.projectId : null,
      lease_owner: starting ? run.owner : null,
      lease_until: starting ? run.leaseUntil : null,
      started_at: starting ? run.now : null,
      created_at: run.now,
    });
    return Number(id);
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

export async function findRun(db: Knex, projectId: number, id: number): Promise<RfRunRow | null> {
  const row = (await db(TABLE).where({ id, project_id: projectId }).first()) as RfRunRow | undefined;
  return row ? normalise(row) : null;
}

/** Idle runs whose time has come (any project), oldest first. */
export async function dueRuns(db: Knex, now: number, limit = 20): Promise<RfRunRow[]> {
  const rows = (await db(TABLE).where({ state: 'idle' }).andWhere('due_at', '<=', now).orderBy('due_at').limit(limit)) as RfRunRow[];
  return rows.map(normalise);
}

/** The project's idle runs (scheduled or automatic), soonest first. */
export async function idleRuns(db: Knex, projectId: number): Promise<RfRunRow[]> {
  const rows = (await db(TABLE).where({ project_id: projectId, state: 'idle' }).orderBy('due_at')) as RfRunRow[];
  return rows.map(normalise);
}

/** Starts an idle run; false when another instance took it or another run of the project is optimising. */
export async function claimRun(db: Knex, run: RfRunRow, owner: string, now: number, leaseUntil: number): Promise<boolean> {
  await expireRuns(db, run.project_id, now);
  try {
    const n = await db(TABLE)
      .where({ id: run.id, state: 'idle' })
      .update({ state: 'optimising', running_project_id: run.project_id, lease_owner: owner, lease_until: leaseUntil, started_at: now, percent: 0 });
    return n === 1;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Progress of a run this instance holds; renews the lease. False when it no longer holds it. */
export async function progressRun(db: Knex, id: number, owner: string, percent: number, leaseUntil: number): Promise<boolean> {
  const n = await db(TABLE).where({ id, lease_owner: owner, state: 'optimising' }).update({ percent, lease_until: leaseUntil });
  return n === 1;
}

export async function finishRun(
  db: Knex,
  id: number,
  owner: string,
  end: { state: 'completed' | 'failed'; record: unknown; error: string | null; now: number },
): Promise<boolean> {
  const n = await db(TABLE)
    .where({ id, lease_owner: owner, state: 'optimising' })
    .update({
      state: end.state,
      percent: end.state === 'completed' ? 100 : db.raw('percent'),
      running_project_id: null,
      finished_at: end.now,
      record_json: end.record === null ? null : JSON.stringify(end.record),
      error: end.error,
    });
  return n === 1;
}

export async function deleteRun(db: Knex, projectId: number, id: number): Promise<boolean> {
  return (await db(TABLE).where({ id, project_id: projectId, state: 'idle' }).delete()) === 1;
}

/** The project's completed runs, newest first (spec §9: the 20 most recent are shown). */
export async function listRecords(db: Knex, projectId: number, limit: number): Promise<RfRunRow[]> {
  const rows = (await db(TABLE).where({ project_id: projectId, state: 'completed' }).orderBy('finished_at', 'desc').orderBy('id', 'desc').limit(limit)) as RfRunRow[];
  return rows.map(normalise);
}

/** A finished record written directly (demo seeding). */
export async function insertRecord(db: Knex, input: { projectId: number; mode: string; sns: readonly string[]; record: unknown; startedAt: number; finishedAt: number }): Promise<number> {
  const [id] = await db(TABLE).insert({
    project_id: input.projectId,
    mode: input.mode,
    state: 'completed',
    percent: 100,
    sns_json: JSON.stringify(input.sns),
    account_id: null,
    started_at: input.startedAt,
    finished_at: input.finishedAt,
    record_json: JSON.stringify(input.record),
    created_at: input.startedAt,
  });
  return Number(id);
}

/** The project's devices, by serial number (which of them have radios the rf service asks the model catalogue). */
export async function projectDeviceSns(db: Knex, projectId: number): Promise<string[]> {
  return ((await db('devices').where({ project_id: projectId }).orderBy('sn').select('sn')) as { sn: string }[]).map((r) => r.sn);
}
