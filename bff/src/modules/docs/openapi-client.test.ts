// The generated document is good enough for an off-the-shelf OpenAPI client (openapi-client-axios,
// which builds its operations from the document at run time): it signs in and makes a write, the
// CSRF header given as the document's header parameter, the session as its cookie.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { OpenAPIClientAxios, type Document } from 'openapi-client-axios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, PASSWORD, signedUp, type TestEnv } from '../../test/test-env.js';

describe('the OpenAPI document, read by an off-the-shelf client', () => {
  let env: TestEnv;
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    env = await createTestEnv('sqlite');
    server = env.app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await env?.close();
  });

  it('signs in and creates a project through the operations the document declares', async () => {
    const { account } = await signedUp(env);
    const document = (await (await fetch(`${origin}/api/v1/openapi.json`)).json()) as Document;
    const api = new OpenAPIClientAxios({
      definition: document,
      withServer: { url: `${origin}/api/v1` },
      axiosConfigDefaults: { validateStatus: () => true },
    });
    const client = await api.init();
    /** an operation of the document, by its operationId */
    const op = (id: string) => {
      const method = client[id];
      if (!method) throw new Error(`the document has no operation ${id}`);
      return method;
    };
    const csrf = { 'X-Airloom-Csrf': '1' };

    const wrong = await op('auth.login')(csrf, { account, password: 'Not-the-pass1' });
    expect(wrong.data).toMatchObject({ code: 4 });

    const login = await op('auth.login')(csrf, { account, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.data).toMatchObject({ code: 0, data: { account, demo: false } });
    const cookie = String(login.headers['set-cookie']?.[0]).split(';')[0]!;
    client.defaults.headers.common.Cookie = cookie;

    const created = await op('projects.create')(csrf, { projectName: 'Via OpenAPI', scenario: 'hotel' });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ code: 0, data: { projectName: 'Via OpenAPI', netMode: 0, zone: '+8', right: 'rw' } });

    const read = await op('projects.get')({ id: created.data.data.id });
    expect(read.data).toMatchObject({ code: 0, data: { projectName: 'Via OpenAPI' } });
    // the write is refused without the header the document requires
    const noCsrf = await op('projects.create')(undefined, { projectName: 'No header', scenario: 'hotel' });
    expect(noCsrf.status).toBe(403);
  });
});
