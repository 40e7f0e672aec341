// The demo projects' audit log (spec §1 live demo, docs/audit-log.md): a few days of plausible writes
// by the hotel's installer and IT support — gateway settings with old → new (a password hidden), a
// switch VLAN, a reboot, a rename through an API key — and the refusals an owner wants to see: a
// read-only guest renaming, an unsigned call, an installer whose share has ended. Written once per
// start when the project has no rows but the live demo's own; new writes follow (the live demo's are
// refused, recorded, and not shown to the next visitor).
import { API, DEMO_PROJECT_IDS, fillPath, type AuditChange, type AuditPrincipal } from '@airloom/contracts';
import type { Knex } from 'knex';
import { createAuditRepository, type AuditRow } from '../modules/audit/audit.repository.js';

const HOUR = 3_600_000;
const MIN = 60_000;
const HIDDEN = '••••••';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const SCRIPT = 'python-requests/2.32.3';

/** The demo fleet's devices as main.ts knows them. */
export interface DemoAuditedDevice {
  sn: string;
  type: string;
}

interface Step {
  ago: number;
  actor: string | null;
  principal: AuditPrincipal;
  apiKeyId?: number;
  endpoint: string;
  params?: Record<string, string>;
  /** a device of the fleet named by the step: its serial number goes into the path */
  device?: 'gateway' | 'switch' | 'ap' | 'ap2' | 'mesh';
  ip: string;
  userAgent: string;
  /** refused: its HTTP status and spec §8 code */
  refused?: { status: number; code: number };
  account?: string;
  changes?: (sn: string | null) => AuditChange[];
}

const INSTALLER = 'installer@netcraft.example';
const IT = 'it-support@demo-hotel.example';
const FRONT_DESK = 'front-desk@demo-hotel.example';
const FAMILY = 'family@demo-home.example';
const HOMEOWNER = 'owner@demo-home.example';

const change = (changeId: number, section: string, sn: string | null, version: number, changes: AuditChange['changes']): AuditChange => ({ changeId, section, sn, version, changes, truncated: false });

// oldest first
const HOTEL: readonly Step[] = [
  {
    ago: 70 * HOUR, actor: INSTALLER, principal: 'session', endpoint: 'config.gatewayPut', params: { section: 'wan' }, ip: '203.0.113.24', userAgent: FIREFOX,
    changes: () => [change(9001, 'wan', null, 2, [
      { path: 'lines[0].mode', old: 'dhcp', new: 'pppoe' },
      { path: 'lines[0].username', old: null, new: 'hotel-fibre-0231' },
      { path: 'lines[0].password', old: null, new: HIDDEN },
    ])],
  },
  {
    ago: 69 * HOUR + 20 * MIN, actor: INSTALLER, principal: 'session', endpoint: 'config.gatewayPut', params: { section: 'vlan' }, ip: '203.0.113.24', userAgent: FIREFOX,
    changes: () => [change(9002, 'vlan', null, 2, [{ path: 'vlans[id=20]', old: null, new: { id: 20, name: 'Guest', ip: '192.168.20.1', mask: 24 } }])],
  },
  {
    ago: 68 * HOUR, actor: INSTALLER, principal: 'session', endpoint: 'wireless.apply', ip: '203.0.113.24', userAgent: FIREFOX,
    changes: () => [change(9003, 'wireless-policies', null, 3, [
      { path: 'policies[name=Hotel-Guest].vlanId', old: null, new: 20 },
      { path: 'policies[name=Hotel-Guest].password', old: HIDDEN, new: HIDDEN },
    ])],
  },
  {
    ago: 52 * HOUR, actor: IT, principal: 'session', endpoint: 'config.devicePut', device: 'switch', params: { section: 'switch-vlan' }, ip: '198.51.100.7', userAgent: FIREFOX,
    changes: (sn) => [change(9004, 'switch-vlan', sn, 2, [{ path: 'ports[port=5].pvid', old: 1, new: 20 }])],
  },
  { ago: 50 * HOUR, actor: IT, principal: 'session', endpoint: 'devices.operate', device: 'ap2', ip: '198.51.100.7', userAgent: FIREFOX },
  { ago: 30 * HOUR, actor: FRONT_DESK, principal: 'session', endpoint: 'projects.update', ip: '198.51.100.40', userAgent: SAFARI, refused: { status: 403, code: 173 } },
  { ago: 26 * HOUR + 5 * MIN, actor: null, principal: 'anonymous', endpoint: 'devices.operate', device: 'gateway', ip: '192.0.2.99', userAgent: SCRIPT, refused: { status: 401, code: 8 } },
  {
    ago: 20 * HOUR, actor: IT, principal: 'api-key', apiKeyId: 3, endpoint: 'devices.rename', device: 'ap', ip: '198.51.100.7', userAgent: SCRIPT,
    changes: (sn) => [change(9005, 'name', sn, 2, [{ path: 'name', old: 'AP-1', new: 'AP-Lobby' }])],
  },
  { ago: 6 * HOUR, actor: IT, principal: 'session', endpoint: 'shares.create', ip: '198.51.100.7', userAgent: FIREFOX, account: FRONT_DESK, refused: { status: 403, code: 173 } },
  // the installer's share ended yesterday: the project is no longer theirs to see
  { ago: 3 * HOUR, actor: INSTALLER, principal: 'session', endpoint: 'config.gatewayPut', params: { section: 'dhcp' }, ip: '203.0.113.24', userAgent: FIREFOX, refused: { status: 404, code: 412 } },
];

const HOME: readonly Step[] = [
  {
    ago: 40 * HOUR, actor: HOMEOWNER, principal: 'session', endpoint: 'config.devicePut', device: 'mesh', params: { section: 'radio' }, ip: '203.0.113.61', userAgent: SAFARI,
    changes: (sn) => [change(9101, 'radio', sn, 2, [{ path: 'radios[band=5g].channel', old: 'auto', new: 44 }])],
  },
  { ago: 28 * HOUR, actor: HOMEOWNER, principal: 'session', endpoint: 'devices.operate', device: 'mesh', ip: '203.0.113.61', userAgent: SAFARI },
  { ago: 9 * HOUR, actor: FAMILY, principal: 'session', endpoint: 'projects.update', ip: '198.51.100.88', userAgent: SAFARI, refused: { status: 403, code: 173 } },
];

function endpointOf(id: string) {
  const [domain, name] = id.split('.') as [string, string];
  const e = (API as unknown as Record<string, Record<string, (typeof API)['projects']['update']>>)[domain]![name]!;
  return e;
}

export function demoAudit(projectId: number, fleet: readonly DemoAuditedDevice[], now: number): AuditRow[] {
  const aps = fleet.filter((d) => d.type === 'ap');
  const pick = {
    gateway: fleet.find((d) => d.type === 'router' || d.type === 'gateway'),
    switch: fleet.find((d) => d.type === 'switch'),
    ap: aps[0],
    ap2: aps[1] ?? aps[0],
    mesh: fleet.find((d) => d.type === 'mesh'),
  };
  const story = projectId === DEMO_PROJECT_IDS.WLAN ? HOTEL : projectId === DEMO_PROJECT_IDS.MESH ? HOME : [];
  return story.flatMap((s): AuditRow[] => {
    const sn = s.device ? pick[s.device]?.sn : undefined;
    if (s.device && !sn) return [];
    const e = endpointOf(s.endpoint);
    const params: Record<string, string | number> = { id: projectId, ...(sn ? { sn } : {}), ...s.params };
    const target = [...Object.entries(params).filter(([k]) => k !== 'id').map(([k, v]) => `${k}=${v}`), ...(s.account ? [`account=${s.account}`] : [])].join(' ');
    return [{
      at: now - s.ago,
      projectId,
      accountId: null,
      actor: s.actor,
      principal: s.principal,
      apiKeyId: s.apiKeyId ?? null,
      endpoint: s.endpoint,
      method: e.method.toUpperCase(),
      path: `/api/v1${fillPath(e.path, params)}`,
      ip: s.ip,
      userAgent: s.userAgent,
      status: s.refused?.status ?? e.status ?? 200,
      code: s.refused?.code ?? 0,
      target: target || null,
      changes: s.refused ? [] : (s.changes?.(sn ?? null) ?? []),
    }];
  });
}

/** Seeds a demo project's audit story unless it has rows other than the live demo's; answers how many rows were written. */
export async function seedDemoAudit(db: Knex, projectId: number, fleet: readonly DemoAuditedDevice[], clock: () => number = Date.now): Promise<number> {
  if (projectId !== DEMO_PROJECT_IDS.WLAN && projectId !== DEMO_PROJECT_IDS.MESH) return 0;
  if (!(await db('projects').where({ id: projectId }).first('id'))) return 0;
  if (await db('audit_log').where({ project_id: projectId }).whereNot({ principal: 'demo' }).first('id')) return 0;
  const rows = demoAudit(projectId, fleet, clock());
  await createAuditRepository(db).append(rows);
  return rows.length;
}
