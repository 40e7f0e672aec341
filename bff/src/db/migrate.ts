// Migrations are imported modules, not files found at run time, so the same list works under tsx,
// vitest and a bundled build (TOOLCHAIN: knex CLI needs a loader for TS files).
import { GATEWAY_MIGRATIONS } from '@airloom/gateway/public';
import type { Knex } from 'knex';
import * as accounts from './migrations/20261121000100_create-accounts.js';
import * as verificationCodes from './migrations/20261121000200_create-verification-codes.js';
import * as loginThrottle from './migrations/20261121000300_create-login-throttle.js';
import * as sessions from './migrations/20261121000400_create-sessions.js';
import * as projects from './migrations/20261121000500_create-projects.js';
import * as projectMembers from './migrations/20261121000600_create-project-members.js';
import * as changeCounters from './migrations/20261121000700_create-change-counters.js';
import * as widenProjectZone from './migrations/20261121000800_widen-project-zone.js';
import * as apiKeys from './migrations/20261121000900_create-api-keys.js';
import * as projectTransfers from './migrations/20261121001000_create-project-transfers.js';
import * as sessionEndReason from './migrations/20261121001100_add-session-end-reason.js';
import * as shareInvitations from './migrations/20261124140000_create-share-invitations.js';
import * as twoFactor from './migrations/20261125150000_create-two-factor.js';
import * as oidc from './migrations/20261125160000_create-oidc.js';
import * as floors from './migrations/20261125200000_create-floors.js';
import * as accountCompany from './migrations/20261125200000_add-account-company.js';
import * as accountAvatars from './migrations/20261125200100_create-account-avatars.js';
import * as subAccounts from './migrations/20261125200200_create-sub-accounts.js';
import * as companyTwoFactorPolicy from './migrations/20261126010000_create-company-two-factor-policy.js';
import * as topologyTerminals from './migrations/20261126010100_create-topology-terminals.js';
import * as notificationSettings from './migrations/20261126220000_create-notification-settings.js';
import * as notificationDeliveries from './migrations/20261126220100_create-notification-deliveries.js';
import * as notificationAttempts from './migrations/20261126220200_create-notification-attempts.js';
import * as notificationCursor from './migrations/20261126220300_create-notification-cursor.js';
import * as sharePeriod from './migrations/20261126230000_add-share-period.js';
import * as remoteWebSessions from './migrations/20261127130000_create-remote-web-sessions.js';
import * as solutions from './migrations/20261127200000_create-solutions.js';
import * as auditLog from './migrations/20261128140000_create-audit-log.js';
import { seedDemo } from './seed.js';

interface NamedMigration {
  name: string;
  migration: Knex.Migration;
}

const MIGRATIONS: NamedMigration[] = [
  { name: '20261121000100_create-accounts', migration: accounts },
  { name: '20261121000200_create-verification-codes', migration: verificationCodes },
  { name: '20261121000300_create-login-throttle', migration: loginThrottle },
  { name: '20261121000400_create-sessions', migration: sessions },
  { name: '20261121000500_create-projects', migration: projects },
  { name: '20261121000600_create-project-members', migration: projectMembers },
  { name: '20261121000700_create-change-counters', migration: changeCounters },
  { name: '20261121000800_widen-project-zone', migration: widenProjectZone },
  { name: '20261121000900_create-api-keys', migration: apiKeys },
  { name: '20261121001000_create-project-transfers', migration: projectTransfers },
  { name: '20261121001100_add-session-end-reason', migration: sessionEndReason },
  // the gateway's tables (devices, status log, operations); their names sort after these
  ...GATEWAY_MIGRATIONS,
  { name: '20261124140000_create-share-invitations', migration: shareInvitations },
  { name: '20261125150000_create-two-factor', migration: twoFactor },
  { name: '20261125160000_create-oidc', migration: oidc },
  { name: '20261125200000_create-floors', migration: floors },
  { name: '20261125200000_add-account-company', migration: accountCompany },
  { name: '20261125200100_create-account-avatars', migration: accountAvatars },
  { name: '20261125200200_create-sub-accounts', migration: subAccounts },
  { name: '20261126010000_create-company-two-factor-policy', migration: companyTwoFactorPolicy },
  { name: '20261126010100_create-topology-terminals', migration: topologyTerminals },
  { name: '20261126220000_create-notification-settings', migration: notificationSettings },
  { name: '20261126220100_create-notification-deliveries', migration: notificationDeliveries },
  { name: '20261126220200_create-notification-attempts', migration: notificationAttempts },
  { name: '20261126220300_create-notification-cursor', migration: notificationCursor },
  { name: '20261126230000_add-share-period', migration: sharePeriod },
  { name: '20261127130000_create-remote-web-sessions', migration: remoteWebSessions },
  { name: '20261127200000_create-solutions', migration: solutions },
  { name: '20261128140000_create-audit-log', migration: auditLog },
];

export const migrationSource: Knex.MigrationSource<NamedMigration> = {
  getMigrations: async () => MIGRATIONS,
  getMigrationName: (m) => m.name,
  getMigration: async (m) => m.migration,
};

/** How long a start waits for another console instance's migrations (docs/deployment.md). */
export const MIGRATION_LOCK_WAIT_MS = 120_000;

/**
 * Brings the schema up to date and (re)seeds the demo data; safe to run at every start. Console
 * instances started together share one database: knex's lock lets one migrate and fails the others at
 * once (MigrationLocked), so they wait for it and then find nothing left to do.
 */
export async function migrate(db: Knex, lockWaitMs = MIGRATION_LOCK_WAIT_MS): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await db.migrate.latest({ migrationSource });
      break;
    } catch (err) {
      if (!(err instanceof Error && err.name === 'MigrationLocked') || Date.now() - started >= lockWaitMs) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  await seedDemo(db);
}
