// The data remote's routes (spec §2, data group): device running statistics, online statistics,
// online clients, run log and alarms, and the project's audit log. Each page is its feature folder's.
import type { RemoteRoute } from '@airloom/shared-ui/remote';
import { RunStatPage } from './features/runstat/RunStatPage';
import { OnlineStatPage } from './features/onlinestat/OnlineStatPage';
import { ClientsPage } from './features/clients/ClientsPage';
import { RunLogPage } from './features/runlog/RunLogPage';
import { AlarmsPage } from './features/alarms/AlarmsPage';
import { AuditLogPage } from './features/auditlog/AuditLogPage';

export const routes: readonly RemoteRoute[] = [
  { path: '/manage/devsrunstat', element: <RunStatPage />, needsProject: true, title: 'data.runstat.title' },
  { path: '/manage/onlinestat', element: <OnlineStatPage />, needsProject: true, title: 'data.onlinestat.title' },
  { path: '/manage/onlinelist', element: <ClientsPage />, needsProject: true, title: 'data.clients.title' },
  { path: '/manage/runlog', element: <RunLogPage />, needsProject: true, title: 'data.runlog.title' },
  { path: '/manage/alarminfo', element: <AlarmsPage />, needsProject: true, title: 'data.alarms.title' },
  // docs/audit-log.md: the project's owner reads who changed what (the shell shows the entry by can())
  { path: '/manage/auditlog', element: <AuditLogPage />, needsProject: true, title: 'data.auditlog.title' },
];
