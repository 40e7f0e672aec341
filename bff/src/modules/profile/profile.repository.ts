// knex only, no rules (STYLE §6): the account's profile fields, its avatar and its company ties.
import type { Knex } from 'knex';

export interface ProfileRow {
  id: number;
  account: string;
  nick: string;
  role: number;
  membership: string | null;
  company_name: string;
  company_name_changed_at: number | null;
  company_address: string;
  company_address_changed_at: number | null;
}

export interface CompanyWrite {
  company_name?: string;
  company_name_changed_at?: number | null;
  company_address?: string;
  company_address_changed_at?: number | null;
}

/** see the migration: one statement stays far below MariaDB's default packet limit */
const AVATAR_PART_BYTES = 1024 * 1024;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export function createProfileRepository(db: Knex) {
  return {
    async find(accountId: number): Promise<ProfileRow | undefined> {
      const row = await db('accounts')
        .where({ id: accountId })
        .first('id', 'account', 'nick', 'role', 'membership', 'company_name', 'company_name_changed_at', 'company_address', 'company_address_changed_at');
      if (!row) return undefined;
      return {
        ...row,
        id: Number(row.id),
        role: Number(row.role),
        company_name_changed_at: num(row.company_name_changed_at),
        company_address_changed_at: num(row.company_address_changed_at),
      };
    },

    async updateCompany(accountId: number, write: CompanyWrite, now: number): Promise<void> {
      await db('accounts').where({ id: accountId }).update({ ...write, updated_at: now });
    },

    /** The company account this one is an engineer of. */
    async superior(accountId: number): Promise<{ account: string; nick: string; company_name: string } | undefined> {
      return db('sub_accounts as s').join('accounts as a', 'a.id', 's.superior_account_id').where('s.account_id', accountId).first('a.account', 'a.nick', 'a.company_name');
    },

    async countSubordinates(accountId: number): Promise<number> {
      const row = await db('sub_accounts').where({ superior_account_id: accountId }).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },

    async avatarVersion(accountId: number): Promise<number | null> {
      const row = await db('account_avatars').where({ account_id: accountId, part: 0 }).first('updated_at');
      return row ? Number(row.updated_at) : null;
    },

    async avatar(accountId: number): Promise<{ mime: string; image: Buffer } | undefined> {
      const parts = (await db('account_avatars').where({ account_id: accountId }).orderBy('part').select('mime', 'image')) as { mime: string; image: Buffer }[];
      if (parts.length === 0) return undefined;
      return { mime: parts[0]!.mime, image: Buffer.concat(parts.map((p) => Buffer.from(p.image))) };
    },

    /** Replaces the avatar, in parts of AVATAR_PART_BYTES (one statement each). */
    async saveAvatar(accountId: number, mime: string, image: Buffer, now: number): Promise<void> {
      await db.transaction(async (trx) => {
        await trx('account_avatars').where({ account_id: accountId }).delete();
        for (let part = 0; part * AVATAR_PART_BYTES < image.length; part += 1) {
          const bytes = image.subarray(part * AVATAR_PART_BYTES, (part + 1) * AVATAR_PART_BYTES);
          await trx('account_avatars').insert({ account_id: accountId, part, mime, image: bytes, updated_at: now });
        }
      });
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
