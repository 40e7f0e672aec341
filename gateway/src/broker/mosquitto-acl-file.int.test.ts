// The shipped ACL file (deploy/mosquitto/acl) on a Mosquitto of its own with a password file.
// Mosquitto's password file cannot hold a USP endpoint ID (it splits at ':', and every endpoint ID
// has one: `os::…`), so these devices log in under colon-free stand-ins; what this checks is the
// ACL's rules, for brokers or auth plugins whose user store takes real endpoint IDs.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { defineIsolationTests } from './isolation-suite.js';
import { mosquittoInstalled, shippedFile, startMosquitto, type MosquittoProcess } from './mosquitto-process.js';

if (!mosquittoInstalled) console.warn('Mosquitto is not installed: skipping its isolation tests (password file and ACL)');

const secret = () => randomBytes(18).toString('base64url');

describe.skipIf(!mosquittoInstalled)('Mosquitto with the shipped ACL file: device access', () => {
  let broker: MosquittoProcess | undefined;
  const service = { username: 'airloom-service', password: secret() };
  const a = { endpointId: 'acl-001A2B-ALAP500000000001', secret: secret() };
  const b = { endpointId: 'acl-001A2B-ALAP500000000002', secret: secret() };

  beforeAll(async () => {
    broker = await startMosquitto((dir) => {
      const passwd = path.join(dir, 'passwd');
      const acl = path.join(dir, 'acl');
      writeFileSync(passwd, '');
      for (const { username, password } of [service, { username: a.endpointId, password: a.secret }, { username: b.endpointId, password: b.secret }]) {
        const added = spawnSync('mosquitto_passwd', ['-b', passwd, username, password], { encoding: 'utf8' });
        if (added.status !== 0) throw new Error(`mosquitto_passwd failed: ${added.stderr}`);
      }
      writeFileSync(acl, shippedFile('acl'));
      return ['allow_anonymous false', `password_file ${passwd}`, `acl_file ${acl}`, 'listener 1883', 'use_username_as_clientid true'].join('\n');
    });
  });

  afterAll(async () => {
    await broker?.stop();
  });

  describe.each([5, 4] as const)('devices on MQTT %s', (protocolVersion) => {
    defineIsolationTests(() => ({
      url: broker!.url,
      protocolVersion,
      service,
      a,
      b,
      refusedCodes: protocolVersion === 5 ? [0x86, 0x87] : [4, 5],
      // use_username_as_clientid: the broker replaces the client id instead of refusing it
      clientIdMustMatch: false,
      refusesForeignSubscriptions: false,
      sharedSubscriptions: true,
    }));
  });
});
