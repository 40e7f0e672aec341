// Remote web management (spec §1; states of spec §3; codes 320–326 of spec §8, the ones the spec leaves
// open chosen in docs/decisions/maintenance.md). A person asks for the `remote-web` operation; the
// device dials out to the console's tunnel address with a one-time token, and the person's link
// `/remote/<token>/` shows the device's own page through that tunnel. Every request through the link
// asks again whether its account may still manage the device (a share that expired or was revoked
// is refused at once), and a sweep closes tunnels that sat idle, ran out of time or lost that right.
// With several console instances (docs/deployment.md) a tunnel lives in the instance the device
// dialled; a request through the link that reaches another instance is relayed to it over the
// internal bus, and a session ended on another instance closes its tunnel at the holder's next sweep.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Bus, Question } from '@airloom/gateway/public';
import { ErrorCode, type AccountRoleValue, type OperationStatus, type Principal, type RemoteWebLink, type RemoteWebStatus } from '@airloom/contracts';
import { AppError } from '../../http/app-error.js';
import type { AuthorisedProject, ProjectAccess } from '../../http/project-access.js';
import type { Logger } from '../../logger.js';
import type { RemoteWebRepository, RemoteWebRow } from './remote-web.repository.js';
import { createTunnelHub, TunnelClosedError, TunnelTimeoutError, type TunnelRequest, type TunnelResponse } from './remote-web.tunnel.js';

/** where devices dial in (a WebSocket upgrade on the console's own origin) */
export const TUNNEL_PATH = '/api/v1/remote-web/tunnel';
/** the person's link: `/remote/<token>/…` */
export const LINK_PREFIX = '/remote/';
/** 32 random bytes, base64url */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hash = (token: string): string => createHash('sha256').update(token).digest('hex');
const newToken = (): string => randomBytes(32).toString('base64url');
const iso = (ms: number): string => new Date(ms).toISOString();

export interface RemoteWebDeps {
  repo: RemoteWebRepository;
  access: Pick<ProjectAccess, 'authorise'>;
  /** the device checks of can() (offline 324, local mode 76) for a project already authorised */
  devices: { check(project: AuthorisedProject, sn: string, action: 'device.remoteWeb'): Promise<void> };
  /** the operation that asked the device to dial in, as the project sees it */
  operation(projectId: number, operationId: number): Promise<OperationStatus | null>;
  /** the account's role, for asking can() again on its behalf; null when the account is gone */
  roleOf(accountId: number): Promise<AccountRoleValue | null>;
  clock: () => number;
  logger: Logger;
  /** a tunnel nobody used for this long is closed (322) */
  idleMs: number;
  /** a link stops working this long after it was opened (323) */
  ttlMs: number;
  /** a device that has not dialled in this long after being asked: remote login timeout (321) */
  openTimeoutMs?: number;
  /** how long one request may wait for the device's page (326) */
  requestTimeoutMs?: number;
  /** the console's address as devices reach it (PUBLIC_URL); else the address the link was asked on */
  publicUrl?: string | undefined;
  /** the internal bus: requests for a tunnel another console instance holds go there; without it they answer 320 */
  relay?: Pick<Bus, 'ask' | 'answer'> | undefined;
}

/** the bus id a console instance answers relayed tunnel requests under (`airloom/ask/console-<instance>`) */
const relayId = (instanceId: string): string => `console-${instanceId}`;
/** what a relayed request answers: the device's page, or the spec §8 code the holder refused it with */
type RelayAnswer = { status: number; headers: Record<string, string>; body: string } | { code: number };

export function createRemoteWebService(deps: RemoteWebDeps) {
  const { repo, clock, logger } = deps;
  /** this console instance: a tunnel lives in the memory of the one the device dialled */
  const instanceId = randomBytes(8).toString('hex');
  const openTimeoutMs = deps.openTimeoutMs ?? 30_000;
  const requestTimeoutMs = deps.requestTimeoutMs ?? 15_000;
  const hub = createTunnelHub({
    clock,
    requestTimeoutMs,
    // the device went away (offline, restarted, closed it): the link stops working
    onClosed: (id) => void repo.setState(id, ['opened'], 'closed', ErrorCode.REMOTE_MANAGEMENT_FAILED, clock()).catch((err: unknown) => logger.warn({ err, id }, 'remote web: tunnel end not stored')),
  });
  let sweeper: NodeJS.Timeout | undefined;

  // requests that reached another instance for a tunnel held here (the sender checked the session and its rights)
  deps.relay?.answer(relayId(instanceId), async (question: Question): Promise<RelayAnswer> => {
    if (question.kind !== 'remote-web') throw new Error('not a remote web request');
    if (!hub.has(question.sessionId)) return { code: ErrorCode.REMOTE_MANAGEMENT_FAILED };
    try {
      const answer = await hub.forward(question.sessionId, { method: question.method, path: question.path, headers: question.headers, body: Buffer.from(question.body, 'base64') });
      return { status: answer.status, headers: answer.headers, body: answer.body.toString('base64') };
    } catch (err) {
      if (err instanceof TunnelTimeoutError) return { code: ErrorCode.REMOTE_DEVICE_NO_ANSWER };
      return { code: ErrorCode.REMOTE_MANAGEMENT_FAILED };
    }
  });

  /** Sends a request to the instance that holds the session's tunnel and waits for the device's answer. */
  async function relayTo(row: RemoteWebRow, holder: string, request: TunnelRequest): Promise<TunnelResponse> {
    let answer: RelayAnswer;
    try {
      // longer than the holder waits for the device, so its 326 arrives before this gives up
      answer = (await deps.relay!.ask(relayId(holder), { kind: 'remote-web', sessionId: row.id, method: request.method, path: request.path, headers: request.headers, body: request.body.toString('base64') }, requestTimeoutMs + 5_000)) as RelayAnswer;
    } catch {
      // the holder is gone (its tunnel with it) or the bus is away
      throw new AppError(ErrorCode.REMOTE_MANAGEMENT_FAILED);
    }
    if ('code' in answer) throw new AppError(answer.code);
    return { status: answer.status, headers: answer.headers, body: Buffer.from(answer.body, 'base64') };
  }

  /** Ends a session with `code`; its tunnel (if any) closes after the row says why. */
  async function end(row: RemoteWebRow, state: 'failed' | 'closed', code: number | null): Promise<void> {
    await repo.setState(row.id, ['opening', 'opened'], state, code, clock());
    hub.close(row.id);
  }

  /** Whether the session's account may still reach the device; throws the spec's code when not. */
  async function stillAllowed(row: RemoteWebRow): Promise<void> {
    const role = await deps.roleOf(row.account_id);
    if (role === null) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    const principal: Principal = { accountId: row.account_id, role, demo: false };
    const project = await deps.access.authorise(principal, row.project_id, 'device.remoteWeb');
    await deps.devices.check(project, row.sn, 'device.remoteWeb');
  }

  /** Why an open session must end now (time limit, idle time, a refused right), else null. */
  async function reasonToEnd(row: RemoteWebRow, now: number): Promise<number | null> {
    if (row.expires_at <= now) return ErrorCode.REMOTE_SESSION_EXPIRED;
    const last = Math.max(row.last_activity_at, hub.lastActivity(row.id) ?? 0);
    if (row.state === 'opened' && last + deps.idleMs <= now) return ErrorCode.REMOTE_IDLE_CLOSED;
    try {
      await stillAllowed(row);
      return null;
    } catch (err) {
      if (err instanceof AppError) return err.code;
      throw err;
    }
  }

  /** The state a person reads for a stored session (an opening one may have failed or timed out meanwhile). */
  async function settle(row: RemoteWebRow): Promise<RemoteWebRow> {
    const now = clock();
    if (row.state === 'opening') {
      const op = row.operation_id !== null ? await deps.operation(row.project_id, row.operation_id) : null;
      const failed = op && (op.state === 'failed' || op.state === 'expired') ? (op.code ?? ErrorCode.REMOTE_MANAGEMENT_FAILED) : null;
      // the device answered but never dialled in, or did not answer at all
      const timedOut = failed === null && row.created_at + openTimeoutMs <= now;
      if (failed !== null || timedOut) {
        const code = failed === ErrorCode.DEVICE_OFFLINE ? ErrorCode.DEVICE_OFFLINE_324 : (failed ?? ErrorCode.REMOTE_LOGIN_TIMEOUT);
        await end(row, 'failed', code);
        return (await repo.byId(row.id))!;
      }
    }
    if (row.state === 'opening' || row.state === 'opened') {
      const code = await reasonToEnd(row, now);
      // a tunnel held by this instance that is gone ended with the device
      const lost = code === null && row.state === 'opened' && row.instance_id === instanceId && !hub.has(row.id) ? ErrorCode.REMOTE_MANAGEMENT_FAILED : null;
      if (code !== null || lost !== null) {
        await end(row, 'closed', code ?? lost);
        return (await repo.byId(row.id))!;
      }
    }
    return row;
  }

  function statusOf(row: RemoteWebRow | null): RemoteWebStatus {
    if (!row) return { state: 'disabled', operationId: null, expiresAt: null, code: null };
    const state = row.state === 'closed' ? 'disabled' : row.state;
    return { state, operationId: row.operation_id, expiresAt: state === 'disabled' || state === 'failed' ? null : iso(row.expires_at), code: row.code };
  }

  return {
    /**
     * A new session for the caller to the device (its earlier ones end): what the Operate carries and
     * the person's link. Called after the access step and can() passed for `device.remoteWeb`.
     */
    async prepare(project: AuthorisedProject, sn: string, origin: string): Promise<{ sessionId: number; tunnelUrl: string; tunnelToken: string; link: RemoteWebLink }> {
      const accountId = project.principal.accountId;
      for (const row of await repo.openOf(project.row.id, sn, accountId)) await end(row, 'closed', null);
      const token = newToken();
      const tunnelToken = newToken();
      const now = clock();
      const expiresAt = now + deps.ttlMs;
      const sessionId = await repo.insert({
        token_hash: hash(token), tunnel_token_hash: hash(tunnelToken), project_id: project.row.id, sn, account_id: accountId,
        state: 'opening', created_at: now, expires_at: expiresAt, last_activity_at: now,
      });
      const base = (deps.publicUrl ?? origin).replace(/\/+$/, '').replace(/^http/, 'ws');
      return { sessionId, tunnelUrl: `${base}${TUNNEL_PATH}`, tunnelToken, link: { url: `${LINK_PREFIX}${token}/`, expiresAt: iso(expiresAt) } };
    },

    async attach(sessionId: number, operationId: number): Promise<void> {
      await repo.attachOperation(sessionId, operationId);
    },

    /** the operation could not be queued (the device is busy with another): the session never existed */
    async abandon(sessionId: number): Promise<void> {
      await repo.remove(sessionId);
    },

    async status(project: AuthorisedProject, sn: string): Promise<RemoteWebStatus> {
      const row = await repo.latest(project.row.id, sn, project.principal.accountId);
      return statusOf(row ? await settle(row) : null);
    },

    async close(project: AuthorisedProject, sn: string): Promise<RemoteWebStatus> {
      for (const row of await repo.openOf(project.row.id, sn, project.principal.accountId)) await end(row, 'closed', null);
      return statusOf(await repo.latest(project.row.id, sn, project.principal.accountId));
    },

    /**
     * A device dials in (WebSocket upgrade on TUNNEL_PATH) with `Authorization: Bearer <tunnel token>`:
     * accepted once, for a session that is opening, in time, whose account still may; else 401.
     */
    async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
      const refuse = () => {
        socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      };
      try {
        const auth = req.headers.authorization ?? '';
        const token = /^Bearer (\S+)$/.exec(auth)?.[1];
        const row = token && TOKEN_PATTERN.test(token) ? await repo.byTunnelTokenHash(hash(token)) : null;
        if (!row || row.state !== 'opening' || row.expires_at <= clock() || (await reasonToEnd(row, clock())) !== null) return refuse();
        // the token is spent: a second dial with it finds the session opened, and is refused
        if (!(await repo.setState(row.id, ['opening'], 'opened', null, clock()))) return refuse();
        await repo.touch(row.id, clock());
        await repo.holdBy(row.id, instanceId);
        hub.accept(row.id, req, socket, head);
      } catch (err) {
        logger.warn({ err }, 'remote web: a tunnel could not be accepted');
        refuse();
      }
    },

    /**
     * One request through a person's link: the session must be open, in time, not idle, and its account
     * must still be allowed to manage the device (asked again every time); then it goes to the device.
     */
    async forward(token: string, request: TunnelRequest): Promise<TunnelResponse> {
      const row = TOKEN_PATTERN.test(token) ? await repo.byTokenHash(hash(token)) : null;
      if (!row) throw new AppError(ErrorCode.REMOTE_LINK_INVALID);
      if (row.state === 'closed' || row.state === 'failed') throw new AppError(row.code === ErrorCode.REMOTE_IDLE_CLOSED || row.code === ErrorCode.REMOTE_SESSION_EXPIRED ? row.code : ErrorCode.REMOTE_LINK_INVALID);
      const settled = await settle(row);
      if (settled.state !== 'opened') {
        if (settled.state === 'opening') throw new AppError(ErrorCode.REMOTE_LOGIN_TIMEOUT);
        throw new AppError(settled.code ?? ErrorCode.REMOTE_LINK_INVALID);
      }
      // docs/deployment.md: the device dialled another console instance; that one sends the request on
      const holder = settled.instance_id;
      if (!hub.has(row.id)) {
        if (holder === null || holder === instanceId || !deps.relay) throw new AppError(ErrorCode.REMOTE_MANAGEMENT_FAILED);
        const answer = await relayTo(settled, holder, request);
        // counted as use once it went through: a holder that was killed leaves a session that runs idle and closes
        await repo.touch(row.id, clock());
        return answer;
      }
      await repo.touch(row.id, clock());
      try {
        return await hub.forward(row.id, request);
      } catch (err) {
        if (err instanceof TunnelTimeoutError) throw new AppError(ErrorCode.REMOTE_DEVICE_NO_ANSWER);
        if (err instanceof TunnelClosedError) throw new AppError(ErrorCode.REMOTE_MANAGEMENT_FAILED);
        throw err;
      }
    },

    /** Lets devices dial in on the server's TUNNEL_PATH (no other WebSocket is served here). */
    listenOn(server: Server): void {
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        if ((req.url ?? '').split('?')[0] !== TUNNEL_PATH) {
          socket.destroy();
          return;
        }
        void this.upgrade(req, socket, head);
      });
    },

    /** Closes what ran out or lost its right; `run` repeats it (main.ts, tests). */
    async sweep(): Promise<void> {
      for (const row of await repo.allOpen()) {
        try {
          await settle(row);
        } catch (err) {
          logger.warn({ err, id: row.id }, 'remote web: sweep failed for a session');
        }
      }
      // a session ended on another console instance (closed by its person, swept there): its tunnel here closes
      for (const id of hub.ids()) {
        const row = await repo.byId(id);
        if (!row || (row.state !== 'opened' && row.state !== 'opening') || row.instance_id !== instanceId) hub.close(id);
      }
    },

    run(everyMs: number): void {
      if (sweeper) return;
      // a pass that fails (the database away for a moment) is logged, never left to end the process
      sweeper = setInterval(() => void this.sweep().catch((err: unknown) => logger.warn({ err }, 'remote web: sweep failed')), everyMs);
      sweeper.unref();
    },

    /** whether this instance holds the session's tunnel (tests) */
    holds(sessionId: number): boolean {
      return hub.has(sessionId);
    },

    stop(): void {
      if (sweeper) clearInterval(sweeper);
      sweeper = undefined;
      hub.stop();
    },
  };
}

export type RemoteWebService = ReturnType<typeof createRemoteWebService>;
