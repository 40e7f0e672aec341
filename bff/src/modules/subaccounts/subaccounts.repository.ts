// knex only, no rules (STYLE §6): engineer (sub-)accounts of a company account.
import type { Knex } from 'knex';
import { withProjectsChange } from '../../db/change-counters.js';

export interface SubAccountRow {
  id: number;
  account: string;
  nick: string;
  created_at: number;
  disabled_at: number | null;
  projects: number;
}

const COLUMNS = ['a.id', 'a.account', 'a.nick', 's.created_at', 's.disabled_at'];

export function createSubAccountsRepository(db: Knex) {
  const owned = () => db('projects').select('owner_account_id').count({ n: '*' }).groupBy('owner_account_id').as('o');
  const base = () =>
    db('sub_accounts as s')
      .join('accounts as a', 'a.id', 's.account_id')
      .leftJoin(owned(), 'o.owner_account_id', 's.account_id')
      .select([...COLUMNS, 'o.n as projects']);
  const normalise = (r: SubAccountRow): SubAccountRow => ({
    ...r,
    id: Number(r.id),
    created_at: Number(r.created_at),
    disabled_at: r.disabled_at === null ? null : Number(r.disabled_at),
    projects: Number(r.projects ?? 0),
  });

  const policyRow = async (superiorId: number) => (await db('company_two_factor_policy').where({ account_id: superiorId }).first('account_id')) !== undefined;

  return {
    async list(superiorId: number): Promise<SubAccountRow[]> {
      return ((await base().where('s.superior_account_id', superiorId).orderBy('a.id')) as SubAccountRow[]).map(normalise);
    },

    async find(superiorId: number, accountId: number): Promise<SubAccountRow | undefined> {
      const row = (await base().where({ 's.superior_account_id': superiorId, 's.account_id': accountId }).first()) as SubAccountRow | undefined;
      return row ? normalise(row) : undefined;
    },

    async isSubordinate(accountId: number): Promise<boolean> {
      return (await db('sub_accounts').where({ account_id: accountId }).first('account_id')) !== undefined;
    },

    async count(superiorId: number): Promise<number> {
      const row = await db('sub_accounts').where({ superior_account_id: superiorId }).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },

    twoFactorRequired: policyRow,

    async setTwoFactorRequired(superiorId: number, required: boolean, now: number): Promise<void> {
      if (!required) await db('company_two_factor_policy').where({ account_id: superiorId }).delete();
      else if (!(await policyRow(superiorId))) {
        // two clicks at once: the primary key keeps one row
        await db('company_two_factor_policy').insert({ account_id: superiorId, required_at: now }).catch(async (err: unknown) => {
          if (!(await policyRow(superiorId))) throw err;
        });
      }
    },

    /** The account is a company that requires two-factor sign-in, or an engineer of one. */
    async companyRequiresTwoFactor(accountId: number): Promise<boolean> {
      if (await policyRow(accountId)) return true;
      const row = await db('sub_accounts as s')
        .join('company_two_factor_policy as p', 'p.account_id', 's.superior_account_id')
        .where('s.account_id', accountId)
        .first('s.account_id');
      return row !== undefined;
    },

    /** …and has no two-factor sign-in of its own (a pending, unconfirmed secret is none). */
    async twoFactorSetupMissing(accountId: number): Promise<boolean> {
      const row = await db('sub_accounts as s')
        .join('company_two_factor_policy as p', 'p.account_id', 's.superior_account_id')
        .leftJoin('account_two_factor as f', 'f.account_id', 's.account_id')
        .where('s.account_id', accountId)
        .whereNull('f.secret')
        .first('s.account_id');
      return row !== undefined;
    },

    async accountExists(account: string): Promise<boolean> {
      return (await db('accounts').where({ account }).first('id')) !== undefined;
    },

    /** The engineer's account and its tie to the company, together. */
    async create(
      superiorId: number,
      row: { account: string; account_kind: string; nick: string; role: number; password_hash: string },
      now: number,
    ): Promise<number> {
      return db.transaction(async (trx) => {
        const [id] = await trx('accounts').insert({ ...row, created_at: now, updated_at: now });
        await trx('sub_accounts').insert({ account_id: Number(id), superior_account_id: superiorId, created_at: now });
        return Number(id);
      });
    },

    /**
     * Disabled: the password hash waits in `sub_accounts` (no password signs in), sessions and API keys
     * end. Project lists change (the engineer no longer sees the company's projects).
     */
    async disable(accountId: number, now: number): Promise<void> {
      await withProjectsChange(db, async (trx) => {
        const account = (await trx('accounts').where({ id: accountId }).first('password_hash')) as { password_hash: string | null };
        await trx('sub_accounts').where({ account_id: accountId }).update({ disabled_at: now, held_password_hash: account.password_hash });
        await trx('accounts').where({ id: accountId }).update({ password_hash: null, updated_at: now });
        await trx('sessions').where({ account_id: accountId }).delete();
        await trx('api_keys').where({ account_id: accountId }).delete();
      });
    },

    async enable(accountId: number, now: number): Promise<void> {
      await withProjectsChange(db, async (trx) => {
        const sub = (await trx('sub_accounts').where({ account_id: accountId }).first('held_password_hash')) as { held_password_hash: string | null };
        await trx('accounts').where({ id: accountId }).update({ password_hash: sub.held_password_hash, updated_at: now });
        await trx('sub_accounts').where({ account_id: accountId }).update({ disabled_at: null, held_password_hash: null });
      });
    },

    /** The engineer's projects pass to the company account, then the account goes (its sessions, keys and shares with it). */
    async remove(superiorId: number, accountId: number, now: number): Promise<number[]> {
      return withProjectsChange(db, async (trx) => {
        const moved = ((await trx('projects').where({ owner_account_id: accountId }).select('id')) as { id: number }[]).map((r) => Number(r.id));
        if (moved.length > 0) {
          await trx('projects').whereIn('id', moved).update({ owner_account_id: superiorId, updated_at: now });
          // an owner needs no share of its own project
          await trx('project_members').whereIn('project_id', moved).andWhere({ account_id: superiorId }).delete();
        }
        // the sign-in tables that hold no foreign key to accounts go by hand; the rest follow by cascade
        for (const table of ['account_identities', 'account_two_factor', 'login_challenges']) await trx(table).where({ account_id: accountId }).delete();
        await trx('accounts').where({ id: accountId }).delete();
        return moved;
      });
    },
  };
}

export type SubAccountsRepository = ReturnType<typeof createSubAccountsRepository>;
