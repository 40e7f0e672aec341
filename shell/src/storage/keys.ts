// Every key the console keeps in the browser (spec §3 "Client-side stored data"), in one place.
export const STORAGE_KEYS = {
  /** sessionStorage: current project {id, right, netMode, projectName} — per browser session. */
  project: 'airloom.project',
  /** account data (encoded): localStorage for web access, sessionStorage otherwise (spec §3). */
  lastAccount: 'airloom.lastAccount',
  lastNick: 'airloom.lastNick',
  /** sessionStorage: 'web' | 'openapi', set from the entry URL's `?accessType=`. */
  accessType: 'airloom.accessType',
  rightWidth: 'airloom.rightWidth',
  floatCoordinates: 'airloom.floatCoordinates',
  floatStatus: 'airloom.floatStatus',
  topologyTips: 'airloom.topologyTips',
  /** localStorage: {[account]: {[tableId]: hidden column ids}} — kept across logins (spec §3 "per account"). */
  tableShrink: 'airloom.tableShrink',
  /** localStorage: accounts that hid the demo projects from their overview and picker — kept across logins. */
  hideDemoProjects: 'airloom.hideDemoProjects',
  showUpgradeAlertInfo: 'airloom.showUpgradeAlertInfo',
  /** localStorage (encoded): the global storage object; silently cleared when corrupt. */
  globalStorage: 'airloom.global',
} as const;
