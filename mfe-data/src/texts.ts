// English texts of the data remote (i18n namespace `data`; spec §1: English only), one part per page,
// each kept in its feature folder.
import { runstatEn } from './features/runstat/texts';
import { onlinestatEn } from './features/onlinestat/texts';
import { clientsEn } from './features/clients/texts';
import { runlogEn } from './features/runlog/texts';
import { alarmsEn } from './features/alarms/texts';
import { auditlogEn } from './features/auditlog/texts';
import { notificationsEn } from './features/notifications/texts';
import { chartsEn } from './charts/texts';

export const dataEn = {
  runstat: runstatEn,
  onlinestat: onlinestatEn,
  clients: clientsEn,
  runlog: runlogEn,
  alarms: alarmsEn,
  auditlog: auditlogEn,
  notifications: notificationsEn,
  charts: chartsEn,
};
