// Configuration by environment, read in one place (STYLE §12). Everything has a default that runs the
// embedded setup (ARCHITECTURE §2): SQLite under ./data, port 8080, built front-ends from the repo root.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface AppConfig {
  port: number;
  host: string;
  /** `mysql://…` selects mysql2; otherwise the SQLite file `sqliteFile` is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  sqliteFile: string;
  /** JSON file `[{name, entry}]` that replaces the discovered remotes list. */
  remotesManifest: string | undefined;
  /** Folder holding `shell/dist` and `mfe-*\/dist`. */
  staticRoot: string;
  logLevel: string;
  /** Express `trust proxy` setting; decides whether `req.secure` follows X-Forwarded-Proto. */
  trustProxy: boolean | number | string;
  nodeEnv: string;
  /** `all` runs the console, gateway, embedded broker (unless MQTT_URL) and demo fleet in one process. */
  role: AppRole;
  /** An external broker; unset in role `all` → the embedded broker on `mqttPort`. */
  mqttUrl: string | undefined;
  mqttPort: number;
  mqttUsername: string | undefined;
  mqttPassword: string | undefined;
  /** Bearer key of POST /manufacturer/devices; generated into DATA_DIR in embedded mode when unset. */
  manufacturerKey: string | undefined;
  /** the help centre's address shown in the account menu (HELP_CENTRE_URL); nothing is shown without it */
  helpCentreUrl: string | null;
  /** Simulated devices of the two demo projects (role `all`). */
  simDemoFleet: boolean;
  /**
   * A month of figures for each demo device, written in the background after the first start
   * (`DEMO_HISTORY=false` leaves it out: the benchmarks, which time serving, not first-start seeding).
   */
  demoHistory: boolean;
  /** Device timings are scaled by it (simulated devices, gateway timeouts). */
  timeScale: number;
  /** Extra origins allowed to send state-changing requests besides the server's own origin. */
  allowedOrigins: string[];
  /** An OpenID Connect provider to sign in with (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_NAME, OIDC_REDIRECT_URI); undefined: none */
  oidc: OidcConfig | undefined;
  /** the console's address as devices reach it, for firmware downloads (PUBLIC_URL); unset: the address an upgrade was asked on */
  publicUrl: string | undefined;
  /** remote web management: a tunnel nobody used for this long is closed (REMOTE_WEB_IDLE_SECONDS, default 600) */
  remoteWebIdleSeconds: number;
  /** remote web management: a link stops working this long after it was opened (REMOTE_WEB_TTL_SECONDS, default 3600) */
  remoteWebTtlSeconds: number;
  /**
   * Partner portals that may frame the standalone solution designer and receive its bill of materials
   * by postMessage (SOLUTIONS_PARTNER_ORIGINS, a comma list of origins; docs/solutions-embedding.md)
   */
  solutionsPartnerOrigins: string[];
  /**
   * This console instance's name among several behind one load balancer (AIRLOOM_INSTANCE); when set,
   * every answer carries it as `X-Airloom-Instance` (docs/deployment.md). Unset: no header.
   */
  instanceName: string | undefined;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** the name people know the provider by, on the sign-in button */
  name: string;
  /** the callback URL registered with the provider; default: this request's origin + /api/v1/auth/oidc/callback */
  redirectUri: string | undefined;
}

/** Repository root: bff/src/config.ts → ../../ */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function parseTrustProxy(raw: string | undefined): AppConfig['trustProxy'] {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw; // e.g. "loopback, 10.0.0.0/8"
}

function parsePort(raw: string | undefined, name = 'PORT'): number {
  if (raw === undefined || raw === '') return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be 0..65535, got "${raw}"`);
  return port;
}

export const APP_ROLES = ['all', 'bff', 'gateway', 'sim'] as const;
export type AppRole = (typeof APP_ROLES)[number];

function parseRole(raw: string | undefined): AppRole {
  if (raw === undefined || raw === '') return 'all';
  if (!(APP_ROLES as readonly string[]).includes(raw)) throw new Error(`AIRLOOM_ROLE must be one of ${APP_ROLES.join(', ')}, got "${raw}"`);
  return raw as AppRole;
}

function parseTimeScale(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`TIME_SCALE must be a positive number, got "${raw}"`);
  return value;
}

function parseSeconds(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number of seconds, got "${raw}"`);
  return value;
}

/** A comma list of origins (`https://portal.example.com`); anything else stops the start with a clear message. */
function parseOrigins(raw: string | undefined, name: string): string[] {
  const items = (raw ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  return items.map((item) => {
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      throw new Error(`${name} must be a comma list of origins such as https://portal.example.com, got "${item}"`);
    }
    if (!/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, '')) {
      throw new Error(`${name} must be a comma list of origins such as https://portal.example.com, got "${item}"`);
    }
    return url.origin;
  });
}

/** A short name for a response header: letters, digits, `.`, `_`, `-`. */
function parseInstanceName(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(raw)) throw new Error(`AIRLOOM_INSTANCE must be 1–64 letters, digits, . _ -, got "${raw}"`);
  return raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(repoRoot, env.DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true });
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    sqliteFile: path.join(dataDir, 'airloom.sqlite'),
    remotesManifest: env.REMOTES_MANIFEST ? path.resolve(env.REMOTES_MANIFEST) : undefined,
    staticRoot: path.resolve(repoRoot, env.STATIC_ROOT || '.'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    nodeEnv: env.NODE_ENV || 'development',
    role: parseRole(env.AIRLOOM_ROLE),
    mqttUrl: env.MQTT_URL || undefined,
    mqttPort: env.MQTT_PORT ? parsePort(env.MQTT_PORT, 'MQTT_PORT') : 18830,
    mqttUsername: env.MQTT_USERNAME || undefined,
    mqttPassword: env.MQTT_PASSWORD || undefined,
    manufacturerKey: env.AIRLOOM_MANUFACTURER_KEY || undefined,
    helpCentreUrl: env.HELP_CENTRE_URL || null,
    simDemoFleet: env.SIM_DEMO_FLEET !== 'false',
    demoHistory: env.DEMO_HISTORY !== 'false',
    timeScale: parseTimeScale(env.TIME_SCALE),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID
        ? { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET ?? '', name: env.OIDC_NAME || 'single sign-on', redirectUri: env.OIDC_REDIRECT_URI || undefined }
        : undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    remoteWebIdleSeconds: parseSeconds(env.REMOTE_WEB_IDLE_SECONDS, 'REMOTE_WEB_IDLE_SECONDS', 600),
    remoteWebTtlSeconds: parseSeconds(env.REMOTE_WEB_TTL_SECONDS, 'REMOTE_WEB_TTL_SECONDS', 3600),
    solutionsPartnerOrigins: parseOrigins(env.SOLUTIONS_PARTNER_ORIGINS, 'SOLUTIONS_PARTNER_ORIGINS'),
    instanceName: parseInstanceName(env.AIRLOOM_INSTANCE),
  };
}
