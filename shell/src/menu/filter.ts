// The one pure menu filter (spec §2, §6; ARCHITECTURE §3). The menu, the route guard and the
// single-spa activity functions all ask `entryDecision`, so what is hidden is also unreachable.
import type { Action } from '@airloom/contracts';
import type { AccessType, BuildFlag, MenuEntry, MenuGroupId, MenuNode, NetModeValue, Right } from './tree';
import { flattenMenu } from './tree';

export interface MenuContext {
  accessType: AccessType;
  /** Type of the current project; null when no project is chosen (project-type rules then wait for one). */
  netMode: NetModeValue | null;
  /** Permission flags from the build configuration. */
  flags: readonly BuildFlag[] | readonly string[];
  /** The user's right on the current project; null when no project is chosen. */
  right: Right | null;
  /** Remote names listed in `/remotes.json`. */
  deployedRemotes: readonly string[];
  /**
   * The current project is a demo project: its screens are all shown, read-only, with their actions
   * disabled and the reason given, so an evaluator sees what the console can do
   * (docs/decisions/shell-front-end.md "The demo shows its actions").
   */
  demoProject?: boolean;
  /**
   * contracts' can() for the current project (shared-ui's `decide`), for entries that name an action;
   * absent while a project is chosen, such an entry stays hidden (the server would refuse it anyway).
   */
  allows?: (action: Action) => boolean;
}

/** Why an entry is not shown; `remote` = its remote is not deployed. */
export type HiddenReason = 'access' | 'netMode' | 'flag' | 'right' | 'remote';
export type EntryDecision = { ok: true } | { ok: false; reason: HiddenReason };

export function entryDecision(entry: MenuEntry, ctx: MenuContext): EntryDecision {
  if (!entry.access.includes(ctx.accessType)) return { ok: false, reason: 'access' };
  const flags = ctx.flags as readonly string[];
  if ((entry.flag && !flags.includes(entry.flag)) || (entry.requires && !flags.includes(entry.requires))) return { ok: false, reason: 'flag' };
  if (ctx.netMode !== null && !entry.netModes.includes(ctx.netMode)) return { ok: false, reason: 'netMode' };
  if (ctx.right === 'r' && entry.right === 'rw' && !ctx.demoProject) return { ok: false, reason: 'right' };
  if (entry.action && ctx.right !== null && !(ctx.allows?.(entry.action) ?? false)) return { ok: false, reason: 'right' };
  if (!ctx.deployedRemotes.includes(entry.remote)) return { ok: false, reason: 'remote' };
  return { ok: true };
}

/** The menu tree with every entry the context does not allow (and the hidden ones) removed, and empty groups dropped. */
export function filterMenu(tree: readonly MenuNode[], ctx: MenuContext): MenuNode[] {
  const out: MenuNode[] = [];
  for (const node of tree) {
    if (node.kind === 'entry') {
      if (!node.hidden && entryDecision(node, ctx).ok) out.push(node);
      continue;
    }
    const children = filterMenu(node.children, ctx);
    if (children.length > 0) out.push({ ...node, children });
  }
  return out;
}

/** The web landing page (spec §2 "default landing for web access"). */
export const WEB_LANDING = '/overview/preview';

/**
 * spec §2: for non-web access "the first reachable page among the network, maintain, report and
 * tool groups". Our groups: network, configuration (= maintain), data (= report), tool.
 */
export const NON_WEB_LANDING_GROUPS: readonly MenuGroupId[] = ['network', 'configuration', 'data', 'tool'];

/** Where a user lands after login or on `/`; null when nothing at all is reachable. */
export function defaultLanding(tree: readonly MenuNode[], ctx: MenuContext): string | null {
  if (ctx.accessType === 'web') return WEB_LANDING;
  const visible = filterMenu(tree, ctx);
  for (const groupId of NON_WEB_LANDING_GROUPS) {
    const group = visible.find((node) => node.kind === 'group' && node.id === groupId);
    if (group && group.kind === 'group') {
      const first = flattenMenu(group.children)[0];
      if (first) return first.path;
    }
  }
  return null;
}

/**
 * Where choosing a project from outside a project page leads: its first visible screen in menu
 * order (Network status for every type today), the same place "Open" in the project list goes.
 */
export function projectLanding(tree: readonly MenuNode[], ctx: MenuContext): string | null {
  return flattenMenu(filterMenu(tree, ctx)).find((entry) => entry.needsProject)?.path ?? null;
}
