import { describe, expect, it } from 'vitest';
import { localWeb, type LocalWebDevice } from './remote-web.js';

const device: LocalWebDevice = {
  sn: 'RW0001',
  model: 'AL-AP620',
  softwareVersion: () => 'V2.4.0',
  name: () => 'Lobby <AP>',
  acceptsAdminPassword: (p) => p === 'secret-1',
};
const get = (path: string) => localWeb(device, { method: 'GET', path, headers: {}, body: Buffer.alloc(0) });

describe("the simulated device's local web page", () => {
  it('shows its serial number, model and firmware, with its name escaped', () => {
    const res = get('/');
    const html = res.body.toString();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(html).toContain('<dd id="sn">RW0001</dd>');
    expect(html).toContain('<dd id="model">AL-AP620</dd>');
    expect(html).toContain('<dd id="firmware">V2.4.0</dd>');
    expect(html).toContain('Lobby &#60;AP&#62;');
    // relative links only: it is served under /remote/<token>/ of the console
    expect(html).toContain('action="login"');
  });

  it('signs the local administrator in with the right password only', () => {
    const post = (password: string) => localWeb(device, { method: 'POST', path: '/login', headers: {}, body: Buffer.from(`password=${encodeURIComponent(password)}`) });
    expect(post('secret-1').status).toBe(200);
    expect(post('secret-1').body.toString()).toContain('Signed in to RW0001');
    expect(post('wrong').status).toBe(401);
  });

  it('answers 404 for anything else', () => {
    expect(get('/cgi-bin/nothing').status).toBe(404);
  });
});
