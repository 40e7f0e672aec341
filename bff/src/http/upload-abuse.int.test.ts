// Upload abuse across every endpoint that takes a file or a large body (docs/uploads.md): over-size
// (declared, chunked, and a Content-Length that promises more than comes), the wrong type by content
// (programs, archives, markup and JSON renamed to the expected extension), compression bombs where
// a zip or a gzip body is unpacked, and hostile file names. Each refusal carries the spec's code
// (§8) with a sentence, stores nothing and leaves no file in the data directory or the temp
// directory; an upload accepted under a hostile name is stored under a clean one, inside the data
// directory. Timings and memory are the `uploads` benchmark's budgets (bench/uploads); here they are
// only printed.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abuseCases, sendAbuse, UPLOAD_ENDPOINTS, type AbuseCase, type AbuseContext } from '../test/upload-abuse.js';
import { backends, createTestEnv, PASSWORD, uniqueEmail, type TestEnv } from '../test/test-env.js';

const KEY = 'upload-abuse-manufacturer-key-0123456789';
/** what an upload may change: the rows of every table an upload endpoint writes */
const TABLES = ['floors', 'floor_images', 'account_avatars', 'firmware_images', 'config_backups', 'devices'] as const;
// the database and the dev outbox change with every request; nothing else may appear
const CHANGING = /(\.sqlite(-wal|-shm|-journal)?|outbox\.jsonl)$/;

function files(dir: string): Set<string> {
  const out = new Set<string>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (!CHANGING.test(p)) out.add(p);
    }
  };
  walk(dir);
  return out;
}

interface Row {
  endpoint: string;
  kind: string;
  status: number;
  code: number | undefined;
  ms: number;
  rssMb: number;
}

describe.each(backends())('upload abuse on %s', (backend) => {
  let env: TestEnv;
  let server: Server;
  let base: string;
  let ctx: AbuseContext;
  let tmp: string;
  const savedTmp = process.env.TMPDIR;
  const table: Row[] = [];

  async function call(method: string, url: string, body?: unknown, cookie = ctx?.cookie): Promise<{ headers: Headers; body: { code: number; data: Record<string, unknown> } }> {
    const res = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: { accept: 'application/json', 'x-airloom-csrf': '1', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { headers: res.headers, body: (await res.json()) as { code: number; data: Record<string, unknown> } };
  }

  beforeAll(async () => {
    // the app's temp files, if it made any, land in a directory of this test alone (other suites use /tmp too)
    tmp = mkdtempSync(path.join(os.tmpdir(), 'airloom-upload-abuse-'));
    process.env.TMPDIR = tmp;
    env = await createTestEnv(backend, { env: { AIRLOOM_MANUFACTURER_KEY: KEY } });
    server = env.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const account = uniqueEmail('abuse');
    expect((await call('POST', '/auth/code', { account, purpose: 'signup' }, '')).body.code).toBe(0);
    const signup = await call('POST', '/auth/signup', { account, code: env.lastCode(account), password: PASSWORD, confirm: PASSWORD }, '');
    expect(signup.body.code).toBe(0);
    const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0]!;
    const project = await call('POST', '/projects', { projectName: 'Abuse', scenario: 'hotel' }, cookie);
    const projectId = project.body.data.id as number;
    const floor = await call('POST', `/projects/${projectId}/floors`, { name: 'Ground' }, cookie);
    expect(floor.body.code).toBe(0);
    ctx = { cookie, projectId, floorId: floor.body.data.id as number, manufacturerKey: KEY };
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    await env?.close();
    process.env.TMPDIR = savedTmp;
    if (savedTmp === undefined) delete process.env.TMPDIR;
    rmSync(tmp, { recursive: true, force: true });
    // the figures, for a person reading the run (the budgets are the benchmark's)
    console.log(`upload abuse on ${backend}: endpoint × kind → status, code, ms, RSS growth of this process (MB)\n${table.map((r) => `${r.endpoint.padEnd(19)} ${r.kind.padEnd(32)} ${String(r.status).padStart(3)} ${String(r.code).padStart(4)} ${r.ms.toFixed(0).padStart(6)} ms ${r.rssMb.toFixed(1).padStart(6)} MB`).join('\n')}`);
  });

  async function rows(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const t of TABLES) out[t] = Number(((await env.db(t).count({ n: '*' })) as { n: number | string }[])[0]!.n);
    return out;
  }

  it('covers every upload endpoint with over-size and wrong-type cases', () => {
    const cases = abuseCases();
    for (const e of UPLOAD_ENDPOINTS) {
      const kinds = cases.filter((c) => c.endpoint === e.name).map((c) => c.kind);
      expect(kinds, e.name).toEqual(expect.arrayContaining(['over-size', 'over-size, chunked', 'chunked, 8× the cap', 'Content-Length lie']));
      if (e.name !== 'remote web form') expect(kinds.some((k) => / as /.test(k)), e.name).toBe(true);
    }
  });

  it.each(abuseCases().map((c) => [`${c.endpoint}: ${c.kind}`, c] as const))('%s', async (_name, c: AbuseCase) => {
    // where a name taken as a path would land: beside the data, in the firmware directory, the working directory
    const landings = c.hostileName
      ? [env.config.dataDir, path.join(env.config.dataDir, 'firmware'), process.cwd()].map((d) => path.resolve(d, c.hostileName!.replace(/\0/g, '')))
      : [];
    const existed = landings.map((p) => existsSync(p));
    const before = { rows: await rows(), files: files(tmp) };
    const rssBefore = process.memoryUsage.rss();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => { rssPeak = Math.max(rssPeak, process.memoryUsage.rss()); }, 5);
    const answer = await sendAbuse(base, c.request(ctx), 15_000).finally(() => clearInterval(sampler));
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    table.push({ endpoint: c.endpoint, kind: c.kind, status: answer.status, code: answer.body?.code, ms: answer.ms, rssMb: (rssPeak - rssBefore) / 1024 / 1024 });

    // a held body (chunked, eight times the cap) never ends: its answer shows the refusal did not wait for the end
    expect(answer.error, 'an answer, not a dropped connection').toBeUndefined();
    const after = { rows: await rows(), files: files(tmp) };
    const created = [...after.files].filter((f) => !before.files.has(f));
    landings.forEach((p, i) => expect(existsSync(p), `nothing written at ${p}`).toBe(existed[i]));
    if (c.expect === 'accepted') {
      expect(answer.body?.code, JSON.stringify(answer.body)).toBe(0);
      // anything kept is inside the data directory: the firmware image under its SHA-256
      for (const f of created) expect(path.relative(env.config.dataDir, f)).toMatch(/^firmware\/[0-9a-f]{64}\.bin$/);
      if (c.endpoint === 'firmware') {
        const image = answer.body?.data as { fileName: string };
        expect(image.fileName).toBe(c.storedName);
        // eslint-disable-next-line no-control-regex
        expect(image.fileName).not.toMatch(/[/\\\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/);
      }
      return;
    }
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.body?.code, JSON.stringify(answer.body)).toBe(c.expect.code);
    // a plain sentence, never a stack trace (STYLE §7)
    expect(answer.body?.message).toMatch(/^\S.*[^\s]$/);
    expect(answer.body?.message).not.toMatch(/\n|\bat .+:\d+|Error:/);
    if (c.expect.field) expect(Object.keys(answer.body?.fields ?? {})).toContain(c.expect.field);
    expect(after.rows, 'nothing stored').toEqual(before.rows);
    expect(created, 'no file left').toEqual([]);
  });
});
