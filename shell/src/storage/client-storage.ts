// spec §3 "Client-side stored data". The session token is deliberately absent: it is the server's
// HttpOnly cookie (docs/decisions.md, Shell and front end), so no script can read or steal it.
import type { ProjectRef } from '@airloom/shared-ui';
import type { AccessType } from '../menu/tree';
import { decode, encode } from './codec';
import { STORAGE_KEYS as K } from './keys';

export interface FloatCoordinates { x: number; y: number }
export type FloatStatus = 'open' | 'closed';

export interface Storages {
  local: Storage;
  session: Storage;
}

function readJson<T>(store: Storage, key: string, valid: (v: unknown) => v is T): T | null {
  const raw = store.getItem(key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return valid(value) ? value : null;
  } catch {
    return null;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isProject = (v: unknown): v is ProjectRef =>
  isRecord(v) && Number.isInteger(v.id) && (v.right === 'rw' || v.right === 'r') && (v.netMode === 0 || v.netMode === 1) && typeof v.projectName === 'string' && typeof v.owner === 'boolean';
const isCoordinates = (v: unknown): v is FloatCoordinates => isRecord(v) && Number.isFinite(v.x) && Number.isFinite(v.y);
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isShrinkMap = (v: unknown): v is Record<string, Record<string, string[]>> =>
  isRecord(v) && Object.values(v).every((t) => isRecord(t) && Object.values(t).every(isStringList));

/** The typed face of browser storage; every reader tolerates missing or foreign values. */
export function createClientStorage({ local, session }: Storages = { local: localStorage, session: sessionStorage }) {
  const accessType = (): AccessType => (session.getItem(K.accessType) === 'openapi' ? 'openapi' : 'web');
  // spec §3: web keeps account data in local storage; other access types in session storage.
  const accountStore = () => (accessType() === 'web' ? local : session);
  const readEncodedString = (key: string): string | null => {
    const raw = accountStore().getItem(key);
    if (raw === null) return null;
    try {
      const value = decode(raw);
      return typeof value === 'string' ? value : null;
    } catch {
      return null;
    }
  };

  return {
    storages: { local, session },

    getProject: () => readJson(session, K.project, isProject),
    setProject: (project: ProjectRef) => session.setItem(K.project, JSON.stringify(project)),
    clearProject: () => session.removeItem(K.project),

    getLastAccount: () => readEncodedString(K.lastAccount),
    setLastAccount: (account: string) => accountStore().setItem(K.lastAccount, encode(account)),
    getLastNick: () => readEncodedString(K.lastNick),
    setLastNick: (nick: string) => accountStore().setItem(K.lastNick, encode(nick)),
    clearLastAccount: () => { local.removeItem(K.lastAccount); session.removeItem(K.lastAccount); },
    clearLastNick: () => { local.removeItem(K.lastNick); session.removeItem(K.lastNick); },

    getAccessType: accessType,
    setAccessType: (type: AccessType) => session.setItem(K.accessType, type),
    clearAccessType: () => session.removeItem(K.accessType),

    getRightWidth: () => {
      const n = Number(local.getItem(K.rightWidth));
      return local.getItem(K.rightWidth) !== null && Number.isFinite(n) && n > 0 ? n : null;
    },
    setRightWidth: (px: number) => local.setItem(K.rightWidth, String(px)),
    clearRightWidth: () => local.removeItem(K.rightWidth),

    getFloatCoordinates: () => readJson(local, K.floatCoordinates, isCoordinates),
    setFloatCoordinates: (xy: FloatCoordinates) => local.setItem(K.floatCoordinates, JSON.stringify(xy)),
    clearFloatCoordinates: () => local.removeItem(K.floatCoordinates),

    getFloatStatus: (): FloatStatus | null => {
      const v = local.getItem(K.floatStatus);
      return v === 'open' || v === 'closed' ? v : null;
    },
    setFloatStatus: (status: FloatStatus) => local.setItem(K.floatStatus, status),
    clearFloatStatus: () => local.removeItem(K.floatStatus),

    getTopologyTips: () => readJson(local, K.topologyTips, isStringList) ?? [],
    addTopologyTip: (tip: string) => {
      const tips = readJson(local, K.topologyTips, isStringList) ?? [];
      if (!tips.includes(tip)) local.setItem(K.topologyTips, JSON.stringify([...tips, tip]));
    },
    clearTopologyTips: () => local.removeItem(K.topologyTips),

    /** spec §3 table shrink settings: per account, the columns hidden in each table. */
    getTableShrink: (account: string): Record<string, string[]> => readJson(local, K.tableShrink, isShrinkMap)?.[account] ?? {},
    setTableShrink: (account: string, tableId: string, hiddenColumns: string[]) => {
      const all = readJson(local, K.tableShrink, isShrinkMap) ?? {};
      all[account] = { ...all[account], [tableId]: hiddenColumns };
      local.setItem(K.tableShrink, JSON.stringify(all));
    },

    /** Whether this account hid the demo projects (docs/decisions/accounts-projects.md). */
    getHideDemoProjects: (account: string): boolean => (readJson(local, K.hideDemoProjects, isStringList) ?? []).includes(account),
    setHideDemoProjects: (account: string, hide: boolean) => {
      const others = (readJson(local, K.hideDemoProjects, isStringList) ?? []).filter((a) => a !== account);
      local.setItem(K.hideDemoProjects, JSON.stringify(hide ? [...others, account] : others));
    },

    /** Defaults to true: a new browser shows the upgrade notice once. */
    getShowUpgradeAlertInfo: () => local.getItem(K.showUpgradeAlertInfo) !== 'false',
    setShowUpgradeAlertInfo: (show: boolean) => local.setItem(K.showUpgradeAlertInfo, String(show)),

    /** spec §3: the global storage object, stored encoded; a corrupt value is silently cleared. */
    getGlobalStorage: (): Record<string, unknown> => {
      const raw = local.getItem(K.globalStorage);
      if (raw === null) return {};
      try {
        const value = decode(raw);
        if (isRecord(value)) return value;
      } catch {
        // fall through: corrupt
      }
      local.removeItem(K.globalStorage);
      return {};
    },
    setGlobalStorage: (value: Record<string, unknown>) => local.setItem(K.globalStorage, encode(value)),
    clearGlobalStorage: () => local.removeItem(K.globalStorage),
  };
}

export type ClientStorage = ReturnType<typeof createClientStorage>;
