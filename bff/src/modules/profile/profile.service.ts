// The account's profile (spec §1): company name and address each changeable once a calendar year
// (spec §9; codes 14, 15, 65), an avatar image recognised by its content (spec §5 image types, under
// 10 MB: 251), the membership label (spec §6), the company account of an engineer, the console's
// version and help centre. Services decide, repositories run knex (STYLE §6).
import { readFileSync } from 'node:fs';
import {
  AccountRole,
  companyFieldLocked,
  ErrorCode,
  IMAGE_MIME_TYPES,
  LIMITS,
  membershipOf,
  type AccountProfile,
  type AccountRoleValue,
  type CompanyUpdateRequest,
  type Principal,
} from '@airloom/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../http/app-error.js';
import type { CompanyWrite, ProfileRepository, ProfileRow } from './profile.repository.js';

const VERSION: string = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const ROLES: readonly AccountRoleValue[] = Object.values(AccountRole);
const roleOf = (n: number): AccountRoleValue => ROLES.find((r) => r === n) ?? AccountRole.NORMAL;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const nextYear = (ms: number) => new Date(Date.UTC(new Date(ms).getUTCFullYear() + 1, 0, 1)).toISOString();

export interface ProfileServiceDeps {
  repo: ProfileRepository;
  clock: () => number;
  /** where the help centre is, when one is configured */
  helpCentreUrl: string | null;
}

export function createProfileService(deps: ProfileServiceDeps) {
  const { repo, clock } = deps;

  const field = (value: string, changedAt: number | null, now: number) => ({
    value,
    changedAt: iso(changedAt),
    changeableFrom: companyFieldLocked(changedAt, now) && changedAt !== null ? nextYear(changedAt) : null,
  });

  async function load(accountId: number): Promise<ProfileRow> {
    const row = await repo.find(accountId);
    if (!row) throw new AppError(ErrorCode.TOKEN_EXPIRED);
    return row;
  }

  async function profile(principal: Principal): Promise<AccountProfile> {
    const now = clock();
    const row = await load(principal.accountId);
    const [superior, subAccounts, avatarAt] = await Promise.all([
      repo.superior(row.id),
      repo.countSubordinates(row.id),
      repo.avatarVersion(row.id),
    ]);
    const role = roleOf(row.role);
    return {
      account: row.account,
      nick: row.nick,
      role,
      membership: membershipOf({ role, demo: principal.demo, stored: row.membership }),
      demo: principal.demo,
      companyName: field(row.company_name, row.company_name_changed_at, now),
      companyAddress: field(row.company_address, row.company_address_changed_at, now),
      avatar: avatarAt === null ? null : `/api/v1/account/avatar?v=${avatarAt}`,
      superior: superior ? { account: superior.account, nick: superior.nick, companyName: superior.company_name } : null,
      subAccounts,
      version: VERSION,
      helpCentreUrl: deps.helpCentreUrl,
    };
  }

  return {
    profile,

    /**
     * Changes either company field or both, all or nothing. Giving a field its first value is no
     * change; a change is refused while the last one fell in this calendar year (UTC).
     */
    async updateCompany(principal: Principal, input: CompanyUpdateRequest): Promise<AccountProfile> {
      if (principal.demo) throw new AppError(ErrorCode.DEMO_PROJECT);
      const now = clock();
      const row = await load(principal.accountId);
      const write: CompanyWrite = {};
      let nameLocked = false;
      let addressLocked = false;
      const name = input.companyName?.trim();
      if (name !== undefined && name !== row.company_name) {
        nameLocked = companyFieldLocked(row.company_name_changed_at, now);
        write.company_name = name;
        write.company_name_changed_at = row.company_name === '' ? null : now;
      }
      const address = input.companyAddress?.trim();
      if (address !== undefined && address !== row.company_address) {
        addressLocked = companyFieldLocked(row.company_address_changed_at, now);
        write.company_address = address;
        write.company_address_changed_at = row.company_address === '' ? null : now;
      }
      if (nameLocked && addressLocked) throw new AppError(ErrorCode.COMPANY_INFO_CHANGED_THIS_YEAR);
      if (nameLocked) throw new AppError(ErrorCode.COMPANY_NAME_CHANGED_THIS_YEAR);
      if (addressLocked) throw new AppError(ErrorCode.COMPANY_LOCATION_CHANGED_THIS_YEAR);
      if (Object.keys(write).length > 0) await repo.updateCompany(row.id, write, now);
      return profile(principal);
    },

    /** spec §5: a jpg, png, gif or bmp under 10 MB, by its bytes (a renamed file is what it is). */
    async uploadAvatar(principal: Principal, base64: string): Promise<AccountProfile> {
      if (principal.demo) throw new AppError(ErrorCode.DEMO_PROJECT);
      // the size from the text's length, before 10 MB more are decoded to be thrown away
      const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
      if (Math.floor((base64.length * 3) / 4) - padding > LIMITS.imageMaxBytes) throw new AppError(ErrorCode.IMAGE_TOO_LARGE);
      const image = Buffer.from(base64, 'base64');
      if (image.length > LIMITS.imageMaxBytes) throw new AppError(ErrorCode.IMAGE_TOO_LARGE);
      const type = await fileTypeFromBuffer(image);
      const mime = IMAGE_MIME_TYPES.find((m) => m === type?.mime);
      if (!mime) throw new AppError(ErrorCode.INVALID_PARAMS, { image: 'rules.avatar.type' });
      await repo.saveAvatar(principal.accountId, mime, image, clock());
      return profile(principal);
    },

    async avatar(principal: Principal): Promise<{ mime: string; image: Buffer }> {
      const found = await repo.avatar(principal.accountId);
      if (!found) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return found;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
