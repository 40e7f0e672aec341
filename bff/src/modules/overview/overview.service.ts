// Overview: my projects at a glance, with the devices of my projects.
// The demo projects are everybody's to look at, not mine: for an account they are counted apart
// (`demo`) and neither their projects nor their devices enter my figures. A live-demo session has
// nothing but the demo projects, so for it they are the projects it works with
// (docs/decisions/accounts-projects.md). The alarm figure is the unread alarms of those same
// projects (docs/data.md "Run log and alarms").
import { NetMode, type OverviewResponse, type Principal } from '@airloom/contracts';
import type { DevicesService } from '../devices/devices.service.js';
import type { ProjectsService } from '../projects/projects.service.js';

export function createOverviewService(deps: { projects: ProjectsService; devices: DevicesService; unreadAlarms?(projectIds: readonly number[]): Promise<number> }) {
  return {
    async overview(principal: Principal): Promise<OverviewResponse> {
      const { items: visible } = (await deps.projects.list(principal)).data;
      const items = principal.demo ? visible : visible.filter((p) => !p.demo);
      return {
        projects: {
          total: items.length,
          byNetMode: {
            WLAN: items.filter((p) => p.netMode === NetMode.WLAN).length,
            MESH: items.filter((p) => p.netMode === NetMode.MESH).length,
          },
          own: items.filter((p) => p.property === 'own').length,
          shared: items.filter((p) => p.isShare).length,
          demo: visible.filter((p) => p.demo).length,
        },
        devices: await deps.devices.counts(items.map((p) => p.id)),
        alarms: { unread: deps.unreadAlarms ? await deps.unreadAlarms(items.map((p) => p.id)) : 0 },
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
