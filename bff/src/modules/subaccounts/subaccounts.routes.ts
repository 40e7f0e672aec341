// Handlers of contracts' sub-account endpoints (API.subAccounts): parse and call. And the guard that
// keeps an engineer whose company requires two-factor sign-in to setting it up until it has.
import { ErrorCode } from '@airloom/contracts';
import type { RequestHandler } from 'express';
import { AppError } from '../../http/app-error.js';
import type { Handlers } from '../../http/endpoints.js';
import { currentSession } from '../../http/session.js';
import type { SubAccountsService } from './subaccounts.service.js';

export function subAccountHandlers(subAccounts: SubAccountsService): Handlers['subAccounts'] {
  return {
    list: (call) => subAccounts.list(call.principal()),
    create: (call) => subAccounts.create(call.principal(), call.body),
    twoFactorPolicy: (call) => subAccounts.setTwoFactorPolicy(call.principal(), call.body.required),
    update: (call) => subAccounts.update(call.principal(), call.params.subId, call.body.disabled),
    remove: async (call) => {
      await subAccounts.remove(call.principal(), call.params.subId);
      return null;
    },
  };
}

/**
 * After the caller check: a session (or API key) of an engineer whose company requires two-factor
 * sign-in it has not set up reaches only the endpoints declared `duringTwoFactorSetup` (who am I,
 * setting it up), which learn it through `me`; everything else answers 77. Checked on every request,
 * so a policy turned on reaches sessions already open, and setting it up opens them at once.
 */
export function twoFactorSetupGuards(subAccounts: SubAccountsService): { open: RequestHandler; closed: RequestHandler } {
  const guard = (open: boolean): RequestHandler => async (_req, res, next) => {
    try {
      const session = currentSession(res);
      if (await subAccounts.twoFactorSetupMissing(session.principal)) {
        if (!open) throw new AppError(ErrorCode.TWO_FACTOR_SETUP_REQUIRED);
        res.locals.auth = { ...session, me: { ...session.me, twoFactorSetupRequired: true } };
      }
      next();
    } catch (err) {
      next(err);
    }
  };
  return { open: guard(true), closed: guard(false) };
}
