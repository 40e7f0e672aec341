// Test harness: the real app on a real database — a fresh SQLite file in a temp dir, or a fresh
// MariaDB database `airloom_test_<random>` (dropped afterwards) when CI=true or DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createBus, type Bus } from '@airloom/gateway/public';
import { createMysqlTestDatabase, startTestBroker, type TestBroker } from '@airloom/gateway/testing';
import type { Express } from 'express';
import type { Knex } from 'knex';
import request from 'supertest';
import { createApp } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import { createDb } from '../db/db.js';
import { migrate } from '../db/migrate.js';
import { createLogger } from '../logger.js';

export type Backend = 'sqlite' | 'mysql';

export function backends(): Backend[] {
  const ci = process.env.CI === 'true' || process.env.CI === '1';
  const url = process.env.DATABASE_URL;
  return ci || (url !== undefined && url.startsWith('mysql')) ? ['sqlite', 'mysql'] : ['sqlite'];
}

function mysqlServerUrl(): string {
  const url = process.env.DATABASE_URL;
  if (url?.startsWith('mysql')) {
    const u = new URL(url);
    u.pathname = '/';
    return u.toString();
  }
  return 'mysql://root@127.0.0.1:3306/';
}

export interface Clock {
  now(): number;
  advance(ms: number): void;
}

export interface Message {
  channel: string;
  to: string;
  purpose: string;
  /** verification codes */
  code: string;
  /** transfer offers and invitations: the confirmation page with its token */
  link?: string;
  /** the message as the recipient reads it */
  text?: string;
}

export interface TestEnv {
  backend: Backend;
  app: Express;
  db: Knex;
  config: AppConfig;
  clock: Clock;
  /** Every log line written by the app, parsed. */
  logs: string[];
  /** The app's bus and broker, when the options asked for one. */
  bus: Bus | undefined;
  broker: TestBroker | undefined;
  outbox(): Message[];
  /** Latest code sent to an account. */
  lastCode(account: string): string;
  /** A second app instance on the same database (a restart or another BFF instance). */
  restart(): Promise<Express>;
  close(): Promise<void>;
}

export interface TestEnvOptions {
  env?: Record<string, string>;
  /** Connects the app to a broker through the bus: a fresh aedes on a free port, or the machine's Mosquitto. */
  broker?: TestBrokerKind;
}

// Brokers without authentication (the embedded broker's auth has its own tests in gateway/).
export { pairedWithBrokers, type TestBroker } from '@airloom/gateway/testing';
export type TestBrokerKind = 'aedes' | 'mosquitto';

export async function createTestEnv(backend: Backend, options: TestEnvOptions = {}): Promise<TestEnv> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'airloom-bff-test-'));
  const mysql = backend === 'mysql' ? await createMysqlTestDatabase(mysqlServerUrl()) : undefined;
  const databaseUrl = mysql?.url;
  const config = loadConfig({ DATA_DIR: dataDir, STATIC_ROOT: path.join(dataDir, 'static'), LOG_LEVEL: 'debug', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...options.env });
  const dbs: Knex[] = [];
  const open = () => {
    const db = createDb(config);
    dbs.push(db);
    return db;
  };
  const db = open();
  await migrate(db);

  let offset = 0;
  const clock: Clock = { now: () => Date.now() + offset, advance: (ms) => { offset += ms; } };
  const logs: string[] = [];
  const sink = new Writable({ write(chunk, _enc, done) { logs.push(String(chunk)); done(); } });
  const broker = options.broker ? await startTestBroker(options.broker) : undefined;
  const buses: Bus[] = [];
  const openBus = async () => {
    const b = createBus({ mqttUrl: broker!.url, protocolVersion: broker!.protocolVersion, clientId: `bff-test-${randomBytes(4).toString('hex')}`, logger: createLogger({ level: 'silent' }) });
    buses.push(b);
    await b.ready();
    return b;
  };
  const bus = broker ? await openBus() : undefined;
  const build = (database: Knex, appBus: Bus | undefined) =>
    createApp({ db: database, config, clock: clock.now, logger: createLogger({ level: 'debug' }, sink), bus: appBus });

  const outboxFile = path.join(dataDir, 'outbox.jsonl');
  const outbox = (): Message[] =>
    existsSync(outboxFile) ? readFileSync(outboxFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Message) : [];

  const apps: Express[] = [];
  const built = (app: Express) => {
    apps.push(app);
    return app;
  };
  return {
    backend,
    app: built(build(db, bus)),
    db,
    config,
    clock,
    logs,
    bus,
    broker,
    outbox,
    lastCode(account) {
      const message = outbox().reverse().find((m) => m.to === account && m.code);
      if (!message) throw new Error(`no code sent to ${account}`);
      return message.code;
    },
    async restart() {
      const second = open();
      await migrate(second);
      return built(build(second, broker ? await openBus() : undefined));
    },
    async close() {
      // the solution designer's PDF browser, when a test started one
      for (const a of apps) await (a.locals.solutionsPdf as { close(): Promise<void> } | undefined)?.close();
      for (const b of buses) await b.close();
      await broker?.close();
      for (const d of dbs) await d.destroy();
      await mysql?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser-like client: keeps cookies, sends the CSRF header on writes like the shared API client. */
export function client(app: Express) {
  const agent = request.agent(app);
  return {
    agent,
    get: (url: string) => agent.get(url).set('Accept', 'application/json'),
    post: (url: string, body?: unknown) => agent.post(url).set('X-Airloom-Csrf', '1').send(body as object),
    patch: (url: string, body?: unknown) => agent.patch(url).set('X-Airloom-Csrf', '1').send(body as object),
    put: (url: string, body?: unknown) => agent.put(url).set('X-Airloom-Csrf', '1').send(body as object),
    del: (url: string) => agent.delete(url).set('X-Airloom-Csrf', '1'),
  };
}

export type Client = ReturnType<typeof client>;

let counter = 0;
/** A fresh e-mail address per call, so tests sharing a database never collide. */
export function uniqueEmail(tag = 'user'): string {
  counter += 1;
  return `${tag}-${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

export function uniqueMobile(): string {
  return `+86138${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

export const PASSWORD = 'Secret-pass1';

/** A new project of the client's account (a random name unless given); its id. */
export async function ownProject(c: Client, name = `Project ${randomBytes(4).toString('hex')}`): Promise<number> {
  const res = await c.post('/api/v1/projects', { projectName: name, scenario: 'hotel' });
  if (res.body.code !== 0) throw new Error(`project: ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

/** Signs up through the real flow (code from the dev outbox) and returns the logged-in client. */
export async function signedUp(env: TestEnv, account = uniqueEmail()): Promise<{ c: Client; account: string }> {
  const c = client(env.app);
  const sent = await c.post('/api/v1/auth/code', { account, purpose: 'signup' });
  if (sent.body.code !== 0) throw new Error(`code: ${JSON.stringify(sent.body)}`);
  const res = await c.post('/api/v1/auth/signup', { account, code: env.lastCode(account), password: PASSWORD, confirm: PASSWORD });
  if (res.body.code !== 0) throw new Error(`signup: ${JSON.stringify(res.body)}`);
  return { c, account };
}
