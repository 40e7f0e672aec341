// Device accounts on Mosquitto through its dynamic security plugin: JSON commands published to
// `$CONTROL/dynamic-security/v1`, answered on `.../response` in the order given. Each device gets
// a client (username and client id = its endpoint ID) and a role of its own, because the plugin
// in Mosquitto 2.0 has no %u/%c substitution in role ACLs. The rules match topic-access.ts.
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { agentTopic, controllerTopic } from '@airloom/usp';
import type { Logger } from 'pino';
import type { DeviceCredentials, DeviceProvisioner } from './provisioner.js';

const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${CONTROL_TOPIC}/response`;
export const SERVICE_ROLE = 'airloom-service';
export const deviceRoleName = (endpointId: string): string => `airloom-device:${endpointId}`;
// The plugin rewrites its whole JSON file after every command; moderate batches keep each reply quick.
const DEVICES_PER_MESSAGE = 100;
const REPLY_TIMEOUT_MS = 60_000;

interface Acl {
  acltype: 'publishClientSend' | 'publishClientReceive' | 'subscribePattern';
  topic: string;
  allow: boolean;
}
type Command = Record<string, unknown> & { command: string };
interface CommandReply {
  command: string;
  error?: string;
  correlationData?: string;
  data?: unknown;
}

const allow = (acltype: Acl['acltype'], topic: string): Acl => ({ acltype, topic, allow: true });

function deviceAcls(endpointId: string): Acl[] {
  return [
    allow('publishClientSend', `${controllerTopic(endpointId)}/#`), // `x/#` covers `x` too
    allow('subscribePattern', `${agentTopic(endpointId)}/#`),
    allow('publishClientReceive', `${agentTopic(endpointId)}/#`),
  ];
}

function serviceAcls(): Acl[] {
  return ['usp', 'airloom'].flatMap((root) => [
    allow('publishClientSend', `${root}/#`),
    allow('publishClientReceive', `${root}/#`),
    allow('subscribePattern', `${root}/#`),
    // the plugin checks a shared subscription with its $share prefix
    allow('subscribePattern', `$share/+/${root}/#`),
  ]);
}

/** A create that may meet an existing object, and the modify that then brings it up to date. */
interface Upsert {
  create: Command;
  modify: Command;
}

export interface DynsecOptions {
  /** the Mosquitto listener, e.g. mqtt://broker:1883 */
  url: string;
  /** a dynsec admin (`mosquitto_ctrl dynsec init <file> <user>`) */
  username: string;
  password: string;
  logger: Logger;
}

export class MosquittoDynsecProvisioner implements DeviceProvisioner {
  private readonly log: Logger;

  constructor(private readonly options: DynsecOptions) {
    this.log = options.logger.child({ component: 'dynsec' });
  }

  /**
   * Creates or updates each device's role and client. Registering a device again replaces its
   * secret and ends its current session; it logs in again with the new one.
   */
  async provision(devices: DeviceCredentials[]): Promise<void> {
    const upserts = devices.flatMap(({ endpointId, secret }): Upsert[] => {
      const rolename = deviceRoleName(endpointId);
      const acls = deviceAcls(endpointId);
      const client = { username: endpointId, password: secret, clientid: endpointId, roles: [{ rolename }] };
      return [
        { create: { command: 'createRole', rolename, acls }, modify: { command: 'modifyRole', rolename, acls } },
        { create: { command: 'createClient', ...client }, modify: { command: 'modifyClient', ...client } },
      ];
    });
    await this.session(async (send) => {
      for (let i = 0; i < upserts.length; i += 2 * DEVICES_PER_MESSAGE) {
        await upsertAll(send, upserts.slice(i, i + 2 * DEVICES_PER_MESSAGE));
      }
    });
    this.log.info({ devices: devices.length }, 'device broker accounts provisioned');
  }

  /**
   * The gateways' and BFF's account (MQTT_USERNAME/MQTT_PASSWORD) with the service role, and the
   * plugin's defaults set to deny whatever no role allows. Run at every start: modifying an account
   * ends its sessions (those of the instances already running), so only what differs is changed.
   */
  async ensureService(service: { username: string; password: string }): Promise<void> {
    const { username, password } = service;
    const acls = serviceAcls();
    await this.session(async (send) => {
      const [role, client] = await send([
        { command: 'createRole', rolename: SERVICE_ROLE, acls },
        { command: 'createClient', username, password, roles: [{ rolename: SERVICE_ROLE }] },
      ]);
      const fixes: Command[] = [];
      if (alreadyExists(role)) {
        const [current] = await send([{ command: 'getRole', rolename: SERVICE_ROLE }]);
        const have = (current?.data as { role?: { acls?: Acl[] } } | undefined)?.role?.acls ?? [];
        if (!sameAcls(have, acls)) fixes.push({ command: 'modifyRole', rolename: SERVICE_ROLE, acls });
      } else failOnErrors([role!]);
      if (alreadyExists(client)) {
        const [current] = await send([{ command: 'getClient', username }]);
        const roles = (current?.data as { client?: { roles?: { rolename: string }[] } } | undefined)?.client?.roles ?? [];
        if (!roles.some((r) => r.rolename === SERVICE_ROLE)) fixes.push({ command: 'addClientRole', username, rolename: SERVICE_ROLE });
        if (!(await this.canLogIn(service))) fixes.push({ command: 'setClientPassword', username, password });
      } else failOnErrors([client!]);
      const defaults = [
        { acltype: 'publishClientSend', allow: false },
        { acltype: 'publishClientReceive', allow: false },
        { acltype: 'subscribe', allow: false },
        { acltype: 'unsubscribe', allow: true },
      ];
      failOnErrors(await send([...fixes, { command: 'setDefaultACLAccess', acls: defaults }]));
    });
  }

  private async canLogIn(account: { username: string; password: string }): Promise<boolean> {
    const clientId = `airloom-check-${randomBytes(6).toString('hex')}`;
    try {
      const probe = await mqtt.connectAsync(this.options.url, { ...account, clientId, reconnectPeriod: 0, connectTimeout: 10_000 });
      await probe.endAsync();
      return true;
    } catch {
      return false;
    }
  }

  /** One admin connection for a batch of commands; registration is rare, so nothing stays open. */
  private async session(work: (send: (commands: Command[]) => Promise<CommandReply[]>) => Promise<void>): Promise<void> {
    const { url, username, password } = this.options;
    const client = await mqtt.connectAsync(url, {
      username,
      password,
      clientId: `airloom-dynsec-${randomBytes(6).toString('hex')}`,
      protocolVersion: 5,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
    });
    const waiting = new Map<string, (replies: CommandReply[]) => void>();
    client.on('message', (_topic, payload) => {
      let replies: CommandReply[];
      try {
        replies = (JSON.parse(payload.toString('utf8')) as { responses: CommandReply[] }).responses;
      } catch {
        return;
      }
      // every admin connection sees every reply; ours carry our tag
      const resolve = waiting.get(replies[0]?.correlationData ?? '');
      resolve?.(replies);
    });
    try {
      await client.subscribeAsync(RESPONSE_TOPIC, { qos: 1 });
      await work(async (commands) => {
        const tag = randomBytes(8).toString('hex');
        const tagged = commands.map((c, i) => ({ ...c, correlationData: `${tag}:${i}` }));
        let timer: NodeJS.Timeout | undefined;
        const replies = new Promise<CommandReply[]>((resolve, reject) => {
          timer = setTimeout(() => reject(new Error('no answer from the dynamic security plugin')), REPLY_TIMEOUT_MS);
          waiting.set(`${tag}:0`, resolve);
        });
        try {
          const [, answer] = await Promise.all([
            client.publishAsync(CONTROL_TOPIC, JSON.stringify({ commands: tagged }), { qos: 1 }),
            replies,
          ]);
          return answer;
        } finally {
          clearTimeout(timer);
          waiting.delete(`${tag}:0`);
        }
      });
    } finally {
      await client.endAsync();
    }
  }
}

const alreadyExists = (reply: CommandReply | undefined): boolean => /already exists/i.test(reply?.error ?? '');

function sameAcls(have: Acl[], want: Acl[]): boolean {
  const key = (acl: Acl) => `${acl.acltype} ${acl.allow} ${acl.topic}`;
  const haveKeys = new Set(have.map(key));
  return have.length === want.length && want.every((acl) => haveKeys.has(key(acl)));
}

async function upsertAll(send: (commands: Command[]) => Promise<CommandReply[]>, upserts: Upsert[]): Promise<void> {
  const created = await send(upserts.map((u) => u.create));
  const existing = upserts.filter((_, i) => alreadyExists(created[i]));
  failOnErrors(created.filter((r) => !alreadyExists(r)));
  if (existing.length > 0) failOnErrors(await send(existing.map((u) => u.modify)));
}

function failOnErrors(replies: CommandReply[]): void {
  const failed = replies.filter((r) => r.error);
  if (failed.length > 0) {
    throw new Error(`dynamic security: ${failed.map((r) => `${r.command}: ${r.error}`).join('; ')}`);
  }
}
