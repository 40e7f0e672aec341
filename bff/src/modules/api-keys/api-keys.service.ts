// API keys (spec §2 "openapi" access type; docs/decisions/sharing.md): an account makes keys for its
// scripts and wall displays. A key is shown once and kept as its SHA-256; it acts for the account
// with `apiKey` in the principal, so can() keeps it to its projects and, when read-only, to reading.
// Each key may make a burst of requests and then so many a second (429 and Retry-After beyond).
import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_LIMITS, ErrorCode, type AccountRoleValue, type ApiKeyCreateRequest, type ApiKeyItem, type Principal } from '@airloom/contracts';
import { AppError } from '../../http/app-error.js';
import type { AuthenticatedSession } from '../auth/auth.service.js';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository.js';

/** A last use is written at most once a minute per key, not on every call. */
const TOUCH_EVERY_MS = 60_000;

export class RateLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(ErrorCode.REPEATED_CLICKS);
  }
}

export interface ApiKeysServiceDeps {
  repo: ApiKeysRepository;
  clock: () => number;
  /** whether the account may see the project (so a key cannot name a stranger's) */
  canSee(principal: Principal, projectId: number): Promise<boolean>;
}

const hashKey = (secret: string): string => createHash('sha256').update(secret).digest('hex');

function projectsOf(row: ApiKeyRow): number[] | null {
  return row.projects === null ? null : (JSON.parse(row.projects) as number[]);
}

function toItem(row: ApiKeyRow): ApiKeyItem {
  return {
    id: row.id,
    name: row.name,
    access: row.access,
    projects: projectsOf(row),
    prefix: row.prefix,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
  };
}

export function createApiKeysService(deps: ApiKeysServiceDeps) {
  const { repo, clock } = deps;
  const buckets = new Map<number, { tokens: number; at: number }>();
  const touched = new Map<number, number>();

  /** Takes one request from the key's bucket, or says how many seconds until one is there. */
  function take(keyId: number, now: number): void {
    const bucket = buckets.get(keyId) ?? { tokens: API_LIMITS.apiKeyBurst, at: now };
    const tokens = Math.min(API_LIMITS.apiKeyBurst, bucket.tokens + ((now - bucket.at) / 1000) * API_LIMITS.apiKeyPerSecond);
    if (tokens < 1) {
      buckets.set(keyId, { tokens, at: now });
      throw new RateLimited(Math.max(1, Math.ceil((1 - tokens) / API_LIMITS.apiKeyPerSecond)));
    }
    buckets.set(keyId, { tokens: tokens - 1, at: now });
  }

  return {
    async list(principal: Principal): Promise<{ items: ApiKeyItem[]; total: number }> {
      const items = (await repo.list(principal.accountId)).map(toItem);
      return { items, total: items.length };
    },

    async create(principal: Principal, body: ApiKeyCreateRequest): Promise<{ key: ApiKeyItem; secret: string }> {
      if (principal.demo) throw new AppError(ErrorCode.DEMO_PROJECT);
      if ((await repo.count(principal.accountId)) >= API_LIMITS.apiKeysPerAccountMax) throw new AppError(ErrorCode.DATA_EXISTS);
      const projects = body.projects ? [...new Set(body.projects)] : null;
      for (const id of projects ?? []) {
        if (!(await deps.canSee(principal, id))) throw new AppError(ErrorCode.INVALID_PARAMS, { projects: 'rules.apiKeyProjects.unknown' });
      }
      const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const now = clock();
      const row = { account_id: principal.accountId, name: body.name.trim(), prefix: secret.slice(0, API_KEY_PREFIX.length + 6), access: body.access, projects: projects && JSON.stringify(projects), created_at: now };
      const id = await repo.insert({ ...row, key_hash: hashKey(secret) });
      return { key: toItem({ ...row, id, last_used_at: null }), secret };
    },

    async revoke(principal: Principal, id: number): Promise<void> {
      if ((await repo.remove(principal.accountId, id)) === 0) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      buckets.delete(id);
      touched.delete(id);
    },

    /** The caller behind `Authorization: Bearer alk_…`: an unknown or revoked key is 401 (9). */
    async authenticate(secret: string): Promise<AuthenticatedSession> {
      const row = await repo.findByHash(hashKey(secret));
      if (!row) throw new AppError(ErrorCode.TOKEN_EXPIRED);
      const now = clock();
      take(row.id, now);
      if (now - (touched.get(row.id) ?? row.last_used_at ?? 0) >= TOUCH_EVERY_MS) {
        touched.set(row.id, now);
        await repo.touch(row.id, now);
      }
      const role = row.role as AccountRoleValue;
      return {
        principal: { accountId: row.account_id, role, demo: false, apiKey: { access: row.access, projects: projectsOf(row), id: Number(row.id) } },
        me: { account: row.account, nick: row.nick, role, demo: false, apiKey: { access: row.access } },
      };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
