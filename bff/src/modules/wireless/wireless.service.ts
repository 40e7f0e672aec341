// Wireless policies (spec §3, §4 "applied only after the user confirms", §5, §9; docs/wireless.md).
// A write edits the project's one pending list (the gateway's wireless store) and changes nothing on
// the devices; confirming writes the list as the configuration engine's `wireless-policies` section
// (history, generation raised, status 7 → 1 on the Wi-Fi devices it changes).
import { can, ErrorCode, NetMode, type Action, type PendingWireless, type WirelessPoliciesView } from '@airloom/contracts';
import {
  configErrorCode,
  normalisePolicy,
  policiesFor,
  policyListProblem,
  WirelessPolicyInputSchema,
  type WirelessPolicy,
  type WirelessPolicy as ApiPolicy,
  type WirelessPolicyInput,
} from '@airloom/contracts/config';
import { diffBodies, withoutSecrets, type ConfigDirectory, type WirelessStore } from '@airloom/gateway/public';
import { AppError } from '../../http/app-error.js';
import { fieldsOf } from '../../http/envelope.js';
import type { AuthorisedProject } from '../../http/project-access.js';

export const SECTION = 'wireless-policies';
type Body = { policies: WirelessPolicy[] };

export interface WirelessServiceDeps {
  store: WirelessStore;
  directory: ConfigDirectory;
  actorOf(accountId: number): Promise<string | null>;
}

/** what a reader without the right to change the policies sees in place of a secret */
export const HIDDEN_SECRET = '••••••••';

function allow(project: AuthorisedProject, action: Action): void {
  const decision = can(project.principal, action, project.ctx);
  if (!decision.ok) throw new AppError(decision.code);
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

export function createWirelessService(deps: WirelessServiceDeps) {
  const { store, directory } = deps;

  async function confirmed(projectId: number): Promise<{ version: number; policies: WirelessPolicy[] }> {
    const read = await directory.read(projectId, directory.PROJECT, SECTION, null);
    return { version: read.version, policies: ((read.body as Body | null)?.policies ?? []) };
  }

  const isMesh = (project: AuthorisedProject) => Number(project.row.net_mode) === NetMode.MESH;

  /** MESH: the main Wi-Fi is the first confirmed policy; renaming or deleting its SSID re-networks the mesh */
  function renetwork(project: AuthorisedProject, before: readonly WirelessPolicy[], after: readonly WirelessPolicy[]): boolean {
    if (!isMesh(project) || before.length === 0) return false;
    const main = before[0]!;
    const next = after.find((p) => p.id === main.id);
    return !next || next.ssid !== main.ssid || next.ssid5 !== main.ssid5;
  }

  function hideSecrets(p: WirelessPolicy): WirelessPolicy {
    return {
      ...p,
      ...(p.password !== undefined ? { password: HIDDEN_SECRET } : {}),
      radius: p.radius ? { ...p.radius, secret: HIDDEN_SECRET } : null,
    };
  }

  async function pendingView(project: AuthorisedProject, base: WirelessPolicy[], record: { revision: number; body: Body; actor: string | null; updatedAt: number } | null, reveal: boolean): Promise<PendingWireless | null> {
    if (!record) return null;
    const after = record.body.policies;
    const devices = await store.devices(project.row.id, SECTION, 0);
    const reached = devices.filter((d) => !sameList(policiesFor(base, d.sn), policiesFor(after, d.sn))).map((d) => ({ sn: d.sn, name: d.name }));
    return {
      revision: record.revision,
      actor: record.actor,
      updatedAt: new Date(record.updatedAt).toISOString(),
      policies: (reveal ? after : after.map(hideSecrets)) as ApiPolicy[],
      changes: withoutSecrets(diffBodies({ policies: base }, { policies: after })),
      devices: reached,
      renetwork: renetwork(project, base, after),
    };
  }

  const mayChange = (project: AuthorisedProject) => can(project.principal, 'wireless.configure', project.ctx).ok;

  /** one policy's fields, checked by its schema: the spec's code of the first rule that has one (2008), else 400 */
  function parsePolicy(input: unknown): WirelessPolicyInput {
    const result = WirelessPolicyInputSchema.safeParse(input);
    if (!result.success) throw new AppError(configErrorCode(result.error.issues.map((i) => i.message)), fieldsOf(result.error));
    return normalisePolicy(result.data);
  }

  /** the list rules of spec §9 (24, 40, 2005, 2006, 2007, 91) on the list as it would be */
  function checkList(list: readonly WirelessPolicy[], field = 'name'): void {
    const problem = policyListProblem(list);
    if (problem) throw new AppError(problem.code, { [field]: problem.key });
  }

  async function checkDevices(projectId: number, policy: WirelessPolicyInput): Promise<void> {
    if (policy.applyTo !== 'specified') return;
    const mine = new Set((await store.devices(projectId, SECTION, 0)).map((d) => d.sn));
    if (policy.sns.some((sn) => !mine.has(sn))) throw new AppError(ErrorCode.INVALID_PARAMS, { sns: 'rules.wirelessPolicy.devicesRequired' });
  }

  /**
   * An edit of the pending list (made from the confirmed one when there is none). Two people editing at
   * once both keep their edits: each is applied to the list as stored at that moment (one retry when
   * another edit came between the read and the write). A list equal to the confirmed one is no change.
   */
  async function edit(project: AuthorisedProject, change: (list: WirelessPolicy[]) => WirelessPolicy[]): Promise<{ pending: PendingWireless | null }> {
    const projectId = project.row.id;
    const actor = await deps.actorOf(project.principal.accountId);
    for (let attempt = 0; attempt < 3; attempt++) {
      const base = await confirmed(projectId);
      const pending = await store.pending<Body>(projectId);
      const next = change(structuredClone(pending?.body.policies ?? base.policies));
      if (sameList(next, base.policies)) {
        await store.discardPending(projectId, pending?.revision);
        return { pending: null };
      }
      const saved = await store.savePending<Body>(projectId, { policies: next }, actor, pending?.revision ?? null);
      if (saved) return { pending: await pendingView(project, base.policies, saved, true) };
    }
    throw new AppError(ErrorCode.CONFIG_CONFLICT);
  }

  async function current(projectId: number): Promise<WirelessPolicy[]> {
    return (await store.pending<Body>(projectId))?.body.policies ?? (await confirmed(projectId)).policies;
  }

  return {
    async list(project: AuthorisedProject): Promise<WirelessPoliciesView> {
      const projectId = project.row.id;
      const base = await confirmed(projectId);
      const reveal = mayChange(project);
      const record = await store.pending<Body>(projectId);
      const devices = await store.devices(projectId, SECTION, base.version);
      return {
        policies: (reveal ? base.policies : base.policies.map(hideSecrets)) as ApiPolicy[],
        version: base.version,
        pending: await pendingView(project, base.policies, record, reveal),
        devices: devices.map((d) => ({ sn: d.sn, name: d.name, type: d.type, status: d.status, appliedVersion: d.appliedVersion, state: d.state, meshRole: d.meshRole })),
        mainPolicyId: isMesh(project) ? (base.policies[0]?.id ?? null) : null,
      };
    },

    async get(project: AuthorisedProject, policyId: number): Promise<ApiPolicy> {
      const found = (await current(project.row.id)).find((p) => p.id === policyId);
      if (!found) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return (mayChange(project) ? found : hideSecrets(found)) as ApiPolicy;
    },

    async create(project: AuthorisedProject, input: unknown) {
      allow(project, 'wireless.configure');
      const policy = parsePolicy(input);
      await checkDevices(project.row.id, policy);
      const base = await confirmed(project.row.id);
      return edit(project, (list) => {
        // numbered after every confirmed and pending policy: a policy removed in the pending list keeps its SSIDs on the devices until confirmed
        const id = Math.max(0, ...list.map((p) => p.id), ...base.policies.map((p) => p.id)) + 1;
        const next = [...list, { id, ...policy }];
        checkList(next);
        return next;
      });
    },

    async update(project: AuthorisedProject, policyId: number, input: unknown) {
      allow(project, 'wireless.configure');
      const policy = parsePolicy(input);
      await checkDevices(project.row.id, policy);
      return edit(project, (list) => {
        const i = list.findIndex((p) => p.id === policyId);
        if (i < 0) throw new AppError(ErrorCode.DATA_NOT_FOUND);
        const previous = list[i]!;
        // a secret shown hidden and sent back unchanged keeps its stored value
        const kept: WirelessPolicy = {
          id: policyId,
          ...policy,
          ...(policy.password === HIDDEN_SECRET && previous.password !== undefined ? { password: previous.password } : {}),
          radius: policy.radius && policy.radius.secret === HIDDEN_SECRET && previous.radius ? { ...policy.radius, secret: previous.radius.secret } : policy.radius,
        };
        const next = list.map((p, k) => (k === i ? kept : p));
        checkList(next);
        return next;
      });
    },

    async remove(project: AuthorisedProject, policyId: number) {
      allow(project, 'wireless.configure');
      const base = await confirmed(project.row.id);
      return edit(project, (list) => {
        if (!list.some((p) => p.id === policyId)) throw new AppError(ErrorCode.DATA_NOT_FOUND);
        // spec §8 26: MESH nodes join with the main Wi-Fi; it is renamed (re-networking), never left without one
        if (isMesh(project) && base.policies[0]?.id === policyId && list.length > 0 && list[0]!.id === policyId) throw new AppError(ErrorCode.WIRELESS_POLICY_IN_USE);
        return list.filter((p) => p.id !== policyId);
      });
    },

    async apply(project: AuthorisedProject, body: { revision?: number }): Promise<{ version: number; devices: string[] }> {
      allow(project, 'wireless.configure');
      const projectId = project.row.id;
      const pending = await store.pending<Body>(projectId);
      if (!pending) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      if (body.revision !== undefined && body.revision !== pending.revision) throw new AppError(ErrorCode.CONFIG_CONFLICT);
      checkList(pending.body.policies);
      const actor = await deps.actorOf(project.principal.accountId);
      const written = await directory.write({ projectId, sn: directory.PROJECT, section: SECTION, body: pending.body, actor, initial: { policies: [] } });
      await store.discardPending(projectId, pending.revision);
      return { version: written.version, devices: written.devices };
    },

    async discard(project: AuthorisedProject): Promise<{ pending: null }> {
      allow(project, 'wireless.configure');
      await store.discardPending(project.row.id);
      return { pending: null };
    },
  };
}

export type WirelessService = ReturnType<typeof createWirelessService>;
