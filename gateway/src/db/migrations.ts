// The gateway's tables, as imported modules (like bff/src/db/migrate.ts). The BFF appends this list
// to its own, so one `migrate.latest` creates everything in timestamp order; gateway tests run it alone.
import type { Knex } from 'knex';
import * as devices from './migrations/20261121100100_create-devices.js';
import * as statusLog from './migrations/20261121100200_create-device-status-log.js';
import * as operations from './migrations/20261121100300_create-operations.js';
import * as revisions from './migrations/20261123100400_add-revisions.js';
import * as reportedModel from './migrations/20261123100500_add-reported-model.js';
import * as deviceStats from './migrations/20261124120100_create-device-stats.js';
import * as neighbours from './migrations/20261124130100_add-device-neighbours.js';
import * as activations from './migrations/20261124150100_create-activations.js';
import * as config from './migrations/20261125100100_create-config.js';
import * as backups from './migrations/20261125200100_create-config-backups.js';
import * as activationCounts from './migrations/20261125200100_create-activation-counts.js';
import * as activationCountsFill from './migrations/20261125200200_fill-activation-counts.js';

export interface NamedMigration {
  name: string;
  migration: Knex.Migration;
}

export const GATEWAY_MIGRATIONS: NamedMigration[] = [
  { name: '20261121100100_create-devices', migration: devices },
  { name: '20261121100200_create-device-status-log', migration: statusLog },
  { name: '20261121100300_create-operations', migration: operations },
  { name: '20261123100400_add-revisions', migration: revisions },
  { name: '20261123100500_add-reported-model', migration: reportedModel },
  { name: '20261124120100_create-device-stats', migration: deviceStats },
  { name: '20261124130100_add-device-neighbours', migration: neighbours },
  { name: '20261124150100_create-activations', migration: activations },
  { name: '20261125100100_create-config', migration: config },
  { name: '20261125200100_create-config-backups', migration: backups },
  { name: '20261125200100_create-activation-counts', migration: activationCounts },
  { name: '20261125200200_fill-activation-counts', migration: activationCountsFill },
];
