// Offline within seconds when the broker knows (docs/decisions/gateway.md): the embedded aedes
// broker sees every connection close, clean or not, and tells the gateways on a service-only topic.
// Mosquitto publishes no per-client disconnect notice, so there a device's last will (or, without
// one, the missed status periods) says it is gone.
import type { Aedes } from 'aedes';

/** Payload: the client id (a device's endpoint ID) whose connection closed. Only service accounts may read or write `airloom/`. */
export const CLIENT_GONE_TOPIC = 'airloom/broker/client-gone';

export function announceDisconnects(broker: Aedes): void {
  broker.on('clientDisconnect', (client) => {
    // after the client's last will, which aedes starts publishing just before this event: a will
    // names its reason, the notice only says the connection closed
    setImmediate(() => broker.publish({ cmd: 'publish', topic: CLIENT_GONE_TOPIC, payload: Buffer.from(client.id, 'utf8'), qos: 1, retain: false, dup: false }, () => undefined));
  });
}
