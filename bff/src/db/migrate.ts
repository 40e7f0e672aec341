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
];

export const migrationSource: Knex.MigrationSource<NamedMigration> = {
  getMigrations: async () => MIGRATIONS,
  getMigrationName: (m) => m.name,
  getMigration: async (m) => m.migration,
};

/** Brings the schema up to date and (re)seeds the demo data; safe to run at every start. */
export async function migrate(db: Knex): Promise<void> {
  await db.migrate.latest({ migrationSource });
  await seedDemo(db);
}
