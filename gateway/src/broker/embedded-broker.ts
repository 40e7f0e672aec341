// The embedded MQTT broker (aedes, MQTT 3.1.1 only) used when no MQTT_URL is configured. It reads
// device credentials straight from the `devices` table, so registration needs no provisioning step.
import { createHash, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { verifySecret } from './credentials.js';
import { announceDisconnects } from './presence.js';
import { mayPublish, maySubscribe, type BrokerIdentity } from './topic-access.js';

export interface EmbeddedBrokerOptions {
  db: Knex;
  host: string;
  /** 0 picks a free port (tests); production passes 18830 */
  port: number;
  service: { username: string; password: string };
  logger: Logger;
}

export interface EmbeddedBroker {
  url: string;
  port: number;
  close(): Promise<void>;
}

// MQTT 3.1.1 CONNACK return codes
const IDENTIFIER_REJECTED = 2;
const SERVER_UNAVAILABLE = 3;
const BAD_USERNAME_OR_PASSWORD = 4;

const sha256 = (data: string | Buffer): Buffer => createHash('sha256').update(data).digest();

/**
 * Remembers secrets that passed scrypt, keyed by the stored hash, so a fleet reconnecting after a
 * network blip costs a lookup each instead of an scrypt each. Keyed by hash, a re-registered
 * secret starts afresh; only a SHA-256 of the secret is kept.
 */
class VerifiedSecrets {
  private readonly entries = new Map<string, { digest: Buffer; until: number }>();

  constructor(
    private readonly ttlMs = 10 * 60_000,
    private readonly maxEntries = 50_000,
  ) {}

  async verify(secret: Buffer, hash: string): Promise<boolean> {
    const digest = sha256(secret);
    const known = this.entries.get(hash);
    if (known && known.until > Date.now() && timingSafeEqual(known.digest, digest)) return true;
    if (!(await verifySecret(secret.toString('utf8'), hash))) return false;
    this.entries.delete(hash); // re-insert: Map order is the eviction order
    this.entries.set(hash, { digest, until: Date.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return true;
  }
}

function refusal(returnCode: number, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const { db, logger } = options;
  const log = logger.child({ component: 'embedded-broker' });
  const identities = new WeakMap<Client, BrokerIdentity>();
  const verified = new VerifiedSecrets();
  const serviceUser = sha256(options.service.username);
  const servicePassword = sha256(options.service.password);

  async function identify(client: Client, username: string | undefined, password: Buffer | undefined) {
    if (username === undefined || password === undefined) return BAD_USERNAME_OR_PASSWORD;
    if (timingSafeEqual(sha256(username), serviceUser)) {
      return timingSafeEqual(sha256(password), servicePassword) ? ({ kind: 'service' } as const) : BAD_USERNAME_OR_PASSWORD;
    }
    // MQTT keys sessions by client id: under another device's id, a device could push it offline
    if (client.id !== username) return IDENTIFIER_REJECTED;
    const row = (await db('devices').where('endpoint_id', username).first('secret_hash')) as
      | { secret_hash: string }
      | undefined;
    if (!row || !(await verified.verify(password, row.secret_hash))) return BAD_USERNAME_OR_PASSWORD;
    return { kind: 'device', endpointId: username } as const;
  }

  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      identify(client, username, password).then(
        (who) => {
          if (typeof who === 'object') {
            identities.set(client, who);
            return done(null, true);
          }
          log.info({ clientId: client.id, username, returnCode: who }, 'connection refused');
          done(refusal(who, 'connection refused'), false);
        },
        (err: unknown) => {
          log.error({ err, clientId: client.id }, 'could not check credentials');
          done(refusal(SERVER_UNAVAILABLE, 'server unavailable'), false);
        },
      );
    },
    authorizePublish(client, packet, done) {
      // aedes also passes a device's last will here, so a will aimed elsewhere is dropped too.
      // Without a client it is a will left by another broker instance; the embedded broker is one
      // in-memory instance, so such a will has no owner we can check.
      const who = client && identities.get(client);
      if (who && mayPublish(who, packet.topic)) return done(null);
      log.warn({ clientId: client?.id, topic: packet.topic }, 'publish refused');
      done(new Error('publish not authorized'));
    },
    authorizeSubscribe(client, subscription, done) {
      const who = identities.get(client);
      if (who && maySubscribe(who, subscription.topic)) return done(null, subscription);
      log.warn({ clientId: client.id, topic: subscription.topic }, 'subscription refused');
      done(null, null); // negated: SUBACK 0x80 for this filter, the connection stays up
    },
  });

  announceDisconnects(broker);

  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    broker.handle(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) => broker.close(() => reject(err)));
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  const wildcard = ['0.0.0.0', '::', ''].includes(options.host);
  const url = `mqtt://${wildcard ? '127.0.0.1' : options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  log.info({ url }, 'embedded MQTT broker listening (MQTT 3.1.1)');

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // aedes closes its clients; a socket that never sent CONNECT is not one of them yet
        broker.close(() => sockets.forEach((s) => s.destroy()));
      });
      return closing;
    },
  };
}
