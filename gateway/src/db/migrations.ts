// The gateway's tables, as imported modules (like bff/src/db/migrate.ts). The BFF appends this list
// to its own, so one `migrate.latest` creates everything in timestamp order; gateway tests run it alone.
import type { Knex } from 'knex';
import * as devices from './migrations/20261121100100_create-devices.js';
import * as cloudCode from './migrations/20261127110000_add-device-cloud-code.js';
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
import * as backupSchedules from './migrations/20261126010000_create-backup-schedules.js';
import * as rebootSchedules from './migrations/20261127120000_create-reboot-schedules.js';
import * as maintenanceWindows from './migrations/20261127120100_create-maintenance-windows.js';
import * as activationRollups from './migrations/20261127200100_create-activation-rollups.js';
import * as activationsByTime from './migrations/20261127200200_index-activations-by-time.js';
import * as maintenanceWindowUpgrade from './migrations/20261128090000_add-maintenance-window-upgrade.js';
import * as neighbourMeasurements from './migrations/20261126100100_create-neighbour-measurements.js';
import * as clients from './migrations/20261126200000_create-clients.js';
import * as clientBlacklist from './migrations/20261126200100_create-client-blacklist.js';
import * as operationArgs from './migrations/20261126200200_add-operation-args.js';
import * as runLog from './migrations/20261126210000_create-run-log.js';
import * as runLogSettings from './migrations/20261126210100_create-run-log-settings.js';
import * as ifaceStats from './migrations/20261126230000_create-device-iface-stats.js';
import * as projectStats from './migrations/20261126230100_create-project-stats.js';
import * as widenStats from './migrations/20261126230200_widen-device-stats-rates.js';
import * as rfOptimisations from './migrations/20261126234000_create-rf-optimisations.js';
import * as measurementChannel from './migrations/20261126234100_add-measurement-channel.js';
import * as wirelessPending from './migrations/20261126233000_create-wireless-pending.js';
import * as firmware from './migrations/20261127100000_create-firmware.js';
import * as macEntries from './migrations/20261128100000_create-device-mac-entries.js';
import * as foreignMeasurements from './migrations/20261128120500_create-foreign-measurements.js';
import * as configLease from './migrations/20261128130000_add-device-config-lease.js';

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
  { name: '20261126010000_create-backup-schedules', migration: backupSchedules },
  { name: '20261126100100_create-neighbour-measurements', migration: neighbourMeasurements },
  { name: '20261126200000_create-clients', migration: clients },
  { name: '20261126200100_create-client-blacklist', migration: clientBlacklist },
  { name: '20261126200200_add-operation-args', migration: operationArgs },
  { name: '20261126210000_create-run-log', migration: runLog },
  { name: '20261126210100_create-run-log-settings', migration: runLogSettings },
  { name: '20261126230000_create-device-iface-stats', migration: ifaceStats },
  { name: '20261126230100_create-project-stats', migration: projectStats },
  { name: '20261126230200_widen-device-stats-rates', migration: widenStats },
  { name: '20261126234000_create-rf-optimisations', migration: rfOptimisations },
  { name: '20261126234100_add-measurement-channel', migration: measurementChannel },
  { name: '20261126233000_create-wireless-pending', migration: wirelessPending },
  { name: '20261127100000_create-firmware', migration: firmware },
  { name: '20261127110000_add-device-cloud-code', migration: cloudCode },
  { name: '20261127120000_create-reboot-schedules', migration: rebootSchedules },
  { name: '20261127120100_create-maintenance-windows', migration: maintenanceWindows },
  { name: '20261127200100_create-activation-rollups', migration: activationRollups },
  { name: '20261127200200_index-activations-by-time', migration: activationsByTime },
  { name: '20261128090000_add-maintenance-window-upgrade', migration: maintenanceWindowUpgrade },
  { name: '20261128100000_create-device-mac-entries', migration: macEntries },
  { name: '20261128120500_create-foreign-measurements', migration: foreignMeasurements },
  { name: '20261128130000_add-device-config-lease', migration: configLease },
];
