// Auto maintenance's firmware part (docs/maintenance.md "Auto maintenance"): when a window that asks
// for upgrades opens, the devices behind their model's recommended firmware (NVRs are never given to
// it) go into one staged rollout to "recommended", so the window is held to the rollout's limits (at
// most maxDownloads downloading at once, halting when a wave fails). The rollout acts for the
// project's owner, who set the window, and is checked again at every step like any other rollout.
// The devices download from PUBLIC_URL, or else from the console address the window was saved through.
import { LIMITS, needsUpgrade, RolloutRequestSchema, type AccountRoleValue, type Principal } from '@airloom/contracts';
import type { Knex } from 'knex';
import type { ProjectAccess } from '../../http/project-access.js';
import type { Logger } from '../../logger.js';
import type { InWindowHook } from '../reboot-schedules/maintenance-window.js';
import type { Rollouts } from './rollouts.service.js';

export function windowUpgradeHook(deps: { db: Knex; rollouts: Pick<Rollouts, 'start'>; access: Pick<ProjectAccess, 'authorise'>; publicUrl?: string | undefined; logger: Logger }): InWindowHook {
  const { db, logger } = deps;
  return async (window, devices) => {
    if (!window.upgrade) return [];
    const behind = devices.filter((d) => d.softwareVersion !== '' && needsUpgrade(d.model, d.softwareVersion)).slice(0, LIMITS.serialsPerImportMax);
    if (behind.length === 0) return [];
    const origin = window.origin ?? '';
    if (!deps.publicUrl && !origin) {
      logger.warn({ projectId: window.projectId }, 'maintenance window: no address for the devices to download from (set PUBLIC_URL or save the window again)');
      return [];
    }
    const owner = (await db('projects as p').join('accounts as a', 'a.id', 'p.owner_account_id').where('p.id', window.projectId).first('a.id as id', 'a.role as role')) as { id: number; role: number } | undefined;
    if (!owner) return [];
    const principal: Principal = { accountId: Number(owner.id), role: Number(owner.role) as AccountRoleValue, demo: false };
    try {
      const project = await deps.access.authorise(principal, window.projectId, 'device.upgrade');
      await deps.rollouts.start(project, RolloutRequestSchema.parse({ sns: behind.map((d) => d.sn) }), origin);
    } catch (err) {
      logger.warn({ err, projectId: window.projectId }, 'maintenance window: the upgrade rollout could not start');
      return [];
    }
    return behind.map((d) => d.sn);
  };
}
