// The audit log's one hook (docs/audit-log.md): mountEndpoints puts it in front of every declared
// write (POST, PUT, PATCH, DELETE, unless declared `changesNothing`), so no module writes audit code.
// (and GETs declared `writes`). Once the answer is finished (or the caller hung up), one row: who (session, live demo, API key,
// manufacturer key or nobody), what (`domain.name`, method, path with its ids), from where (req.ip,
// honouring `trust proxy`; the user agent), the outcome (HTTP status and the envelope's code), what
// it was about (path parameters, an account named in the body) and, for configuration, the engine's
// field-level old → new of the changes the call wrote. Never a body, a password, a token or a key.
import { AsyncLocalStorage } from 'node:async_hooks';
import { fillPath, type AnyEndpoint, type AuditChange, type AuditPrincipal, type ConfigChange, type FieldChange } from '@airloom/contracts';
import type { RequestHandler, Response } from 'express';
import type { AuthenticatedSession } from '../modules/auth/auth.service.js';
import type { AuditRow } from '../modules/audit/audit.repository.js';

/** Where the finished rows go (the audit service appends them; a failure there never reaches the caller). */
export interface AuditSink {
  record(row: AuditRow): void;
}

/** What one audited call gathers while it runs. */
interface AuditScope {
  changes: AuditChange[];
}

const scopes = new AsyncLocalStorage<AuditScope>();

/** path parameters that are credentials: a transfer's or an invitation's link token (the path keeps `:token`) */
const CREDENTIAL_PARAMS: ReadonlySet<string> = new Set(['token', 'invitation']);
/** a field whose values are never copied, wherever it sits (the engine's history hides passwords; this hides the rest) */
const SECRET_FIELD = /(password|passphrase|secret|token|psk|apikey)$/i;
const HIDDEN = '••••••';
/** the field-level changes one configuration change keeps in its row (the history has them all) */
export const CHANGES_PER_SECTION_MAX = 50;
const USER_AGENT_MAX = 200;
const TARGET_MAX = 200;

/** Is this declared endpoint a write the audit log records? */
export function isAudited(endpoint: AnyEndpoint): boolean {
  return (endpoint.method !== 'get' || endpoint.writes === true) && !endpoint.changesNothing;
}

/** A handler that signs a person in without answering their `me` (a redirect) names the account for the row. */
export function auditAccount(res: Response, accountId: number): void {
  res.locals.auditAccountId = accountId;
}

function lastSegment(path: string): string {
  return (path.split('.').pop() ?? path).replace(/\[.*\]$/, '');
}

function hideSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hideSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_FIELD.test(k) && v !== null && v !== '' ? HIDDEN : hideSecrets(v)]));
}

function safeChange(c: FieldChange): FieldChange {
  if (SECRET_FIELD.test(lastSegment(c.path))) return { path: c.path, old: c.old === null ? null : HIDDEN, new: c.new === null ? null : HIDDEN };
  return { path: c.path, old: hideSecrets(c.old), new: hideSecrets(c.new) };
}

/** A configuration change as an audit row keeps it: its history row's id and its first field changes, secrets hidden. */
export function auditChangeOf(change: ConfigChange): AuditChange {
  return {
    changeId: change.id,
    section: change.section,
    sn: change.sn || null,
    version: change.version,
    changes: change.changes.slice(0, CHANGES_PER_SECTION_MAX).map(safeChange),
    truncated: change.changes.length > CHANGES_PER_SECTION_MAX,
  };
}

/** Called where the configuration engine stores a desired version (app.ts): the running call's row gets it. */
export function noteConfigChange(change: ConfigChange): void {
  scopes.getStore()?.changes.push(auditChangeOf(change));
}

/** the caller's account as the answer names it: a sign-in's `me` */
function answeredAccount(answer: unknown): string | null {
  if (answer === null || typeof answer !== 'object') return null;
  const a = answer as Record<string, unknown>;
  return typeof a.account === 'string' && typeof a.nick === 'string' ? a.account : null;
}

function answeredProject(answer: unknown): number | null {
  if (answer === null || typeof answer !== 'object') return null;
  const a = answer as Record<string, unknown>;
  const id = a.projectId ?? a.id;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

function principalOf(auth: AuthenticatedSession | undefined, endpoint: AnyEndpoint, bearer: boolean, status: number): AuditPrincipal {
  if (auth) return auth.principal.apiKey ? 'api-key' : auth.principal.demo ? 'demo' : 'session';
  // the manufacturer guard lets its key through without a session
  if (endpoint.auth === 'manufacturer' && bearer && status < 400) return 'manufacturer-key';
  return 'anonymous';
}

function targetOf(params: Record<string, string>, body: unknown): string | null {
  const parts = Object.entries(params)
    .filter(([name]) => name !== 'id' && !CREDENTIAL_PARAMS.has(name))
    .map(([name, value]) => `${name}=${value}`);
  // the account a share, an invitation, a transfer or a sign-in names: an address, never a secret
  const account = body !== null && typeof body === 'object' ? (body as Record<string, unknown>).account : undefined;
  if (typeof account === 'string' && account.length <= 100) parts.push(`account=${account}`);
  return parts.length ? parts.join(' ').slice(0, TARGET_MAX) : null;
}

/**
 * The hook's two steps: `start` first in the chain (so a refusal by the caller check is recorded too),
 * `scope` just before the handler (after the body parser, whose callbacks would lose the call's
 * context), so what the handler's services store is noted on this call's row.
 */
export function auditHook(id: string, endpoint: AnyEndpoint, sink: AuditSink, clock: () => number): { start: RequestHandler; scope: RequestHandler } {
  const start: RequestHandler = (req, res, next) => {
    const scope: AuditScope = { changes: [] };
    res.locals.auditScope = scope;
    const params = { ...(req.params as Record<string, string>) };
    res.once('close', () => {
      // a caller that hung up before the answer was finished: 499, as proxies say it
      const status = res.writableFinished ? res.statusCode : 499;
      const auth = res.locals.auth as AuthenticatedSession | undefined;
      const answer: unknown = res.locals.answer;
      const code = typeof res.locals.answerCode === 'number' ? (res.locals.answerCode as number) : status < 400 ? 0 : status;
      const projectParam = endpoint.action && /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : null;
      const filled = Object.fromEntries(Object.entries(params).filter(([name]) => !CREDENTIAL_PARAMS.has(name)));
      sink.record({
        at: clock(),
        projectId: projectParam ?? (endpoint.createsProject && status < 400 ? answeredProject(answer) : null),
        accountId: auth ? auth.principal.accountId : typeof res.locals.auditAccountId === 'number' ? (res.locals.auditAccountId as number) : null,
        actor: auth ? auth.me.account : status < 400 ? answeredAccount(answer) : null,
        principal: principalOf(auth, endpoint, (req.get('authorization') ?? '').startsWith('Bearer '), status),
        apiKeyId: auth?.principal.apiKey?.id ?? null,
        endpoint: id,
        method: endpoint.method.toUpperCase(),
        path: `${endpoint.root ? '' : '/api/v1'}${fillPath(endpoint.path, filled)}`.slice(0, 300),
        ip: req.ip ?? null,
        userAgent: req.get('user-agent')?.slice(0, USER_AGENT_MAX) ?? null,
        status,
        code,
        target: targetOf(params, req.body),
        changes: scope.changes,
      });
    });
    next();
  };
  const scope: RequestHandler = (_req, res, next) => {
    scopes.run(res.locals.auditScope as AuditScope, next);
  };
  return { start, scope };
}
