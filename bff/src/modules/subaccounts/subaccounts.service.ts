// Account management with engineer sub-accounts (spec §1, §5, §6): a company account makes engineer
// accounts that work on the company's projects as read-write guests without a share, lists, disables
// and removes them. One level: an engineer makes no engineers of its own (spec §5 "a subordinate
// account cannot be added as superior"), so the company tree has no cycles.
import { hash as argonHash } from '@node-rs/argon2';
import {
  accountKind,
  AccountRole,
  API_LIMITS,
  canRequireTwoFactor,
  ErrorCode,
  type Principal,
  type SubAccountCreateRequest,
  type SubAccountItem,
  type SubAccountListResponse,
  type TwoFactorPolicy,
} from '@airloom/contracts';
import { AppError } from '../../http/app-error.js';
import type { SubAccountRow, SubAccountsRepository } from './subaccounts.repository.js';

export interface SubAccountsServiceDeps {
  repo: SubAccountsRepository;
  clock: () => number;
  /** the projects whose access changed (open event streams are checked again) */
  accessChanged: (projectId: number) => void;
  /** every project the company account owns (its engineers' access to them changed) */
  ownedProjects: (accountId: number) => Promise<number[]>;
  /** whether the account's own two-factor sign-in is on */
  twoFactorOn: (accountId: number) => Promise<boolean>;
}

function toItem(row: SubAccountRow): SubAccountItem {
  return {
    id: row.id,
    account: row.account,
    nick: row.nick,
    disabled: row.disabled_at !== null,
    createdAt: new Date(row.created_at).toISOString(),
    projects: row.projects,
  };
}

export function createSubAccountsService(deps: SubAccountsServiceDeps) {
  const { repo, clock } = deps;

  const refuseDemo = (principal: Principal) => {
    if (principal.demo) throw new AppError(ErrorCode.DEMO_PROJECT);
  };

  async function mine(principal: Principal, subId: number): Promise<SubAccountRow> {
    const row = await repo.find(principal.accountId, subId);
    if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    return row;
  }

  return {
    async list(principal: Principal): Promise<SubAccountListResponse> {
      const items = (await repo.list(principal.accountId)).map(toItem);
      return { items, total: items.length, twoFactorRequired: await repo.twoFactorRequired(principal.accountId) };
    },

    /**
     * Require two-factor sign-in of every engineer of the caller's company, or stop requiring it. Only
     * the company account, with its own on (contracts' canRequireTwoFactor); it acts on its own company
     * only, so nobody sets another company's rule.
     */
    async setTwoFactorPolicy(principal: Principal, required: boolean): Promise<TwoFactorPolicy> {
      refuseDemo(principal);
      const subordinate = principal.role === AccountRole.ENGINEER || (await repo.isSubordinate(principal.accountId));
      if (subordinate) throw new AppError(ErrorCode.INVALID_PARAMS, { _: 'rules.twoFactorPolicy.engineer' });
      if (required) {
        const decision = canRequireTwoFactor({ role: principal.role, demo: principal.demo, ownTwoFactor: await deps.twoFactorOn(principal.accountId) });
        if (!decision.ok) throw new AppError(decision.code);
      }
      await repo.setTwoFactorRequired(principal.accountId, required, clock());
      return { required: await repo.twoFactorRequired(principal.accountId) };
    },

    /** An engineer whose company requires two-factor sign-in and who has not set it up: it may do nothing else yet. */
    async twoFactorSetupMissing(principal: Principal): Promise<boolean> {
      // only engineers have a company; everybody else costs no query
      return principal.role === AccountRole.ENGINEER && !principal.demo && repo.twoFactorSetupMissing(principal.accountId);
    },

    /** The company requires the engineer's two-factor sign-in: it stays on. */
    companyRequiresTwoFactor: (accountId: number) => repo.companyRequiresTwoFactor(accountId),

    async create(principal: Principal, input: SubAccountCreateRequest & { account: string }): Promise<SubAccountItem> {
      refuseDemo(principal);
      // spec §5: a subordinate cannot be added as superior
      if (await repo.isSubordinate(principal.accountId)) throw new AppError(ErrorCode.INVALID_PARAMS, { _: 'rules.subAccount.subordinate' });
      if ((await repo.count(principal.accountId)) >= API_LIMITS.subAccountsPerCompanyMax) throw new AppError(ErrorCode.DATA_EXISTS);
      if (await repo.accountExists(input.account)) throw new AppError(ErrorCode.ACCOUNT_EXISTS);
      const kind = accountKind(input.account) ?? 'email';
      const id = await repo.create(
        principal.accountId,
        { account: input.account, account_kind: kind, nick: input.nick, role: AccountRole.ENGINEER, password_hash: await argonHash(input.password) },
        clock(),
      );
      return toItem(await mine(principal, id));
    },

    async update(principal: Principal, subId: number, disabled: boolean): Promise<SubAccountItem> {
      refuseDemo(principal);
      const row = await mine(principal, subId);
      if (disabled !== (row.disabled_at !== null)) {
        if (disabled) await repo.disable(subId, clock());
        else await repo.enable(subId, clock());
        for (const id of await deps.ownedProjects(principal.accountId)) deps.accessChanged(id);
      }
      return toItem(await mine(principal, subId));
    },

    async remove(principal: Principal, subId: number): Promise<void> {
      refuseDemo(principal);
      await mine(principal, subId);
      const moved = await repo.remove(principal.accountId, subId, clock());
      for (const id of [...moved, ...(await deps.ownedProjects(principal.accountId))]) deps.accessChanged(id);
    },
  };
}

export type SubAccountsService = ReturnType<typeof createSubAccountsService>;
