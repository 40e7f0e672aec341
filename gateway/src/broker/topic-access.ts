// Who may use which topic (common brief "Identity, credentials, topics"): a device publishes only
// under its controller-bound topic `usp/c/<ep>` and subscribes only under its agent topic
// `usp/a/<ep>`; service clients (gateways, BFF) use `usp/` and `airloom/`. Everything else,
// `$SYS` included, is refused. The Mosquitto roles in dynsec.ts grant the same.
import { agentTopic, controllerTopic } from '@airloom/usp';

export type BrokerIdentity = { kind: 'service' } | { kind: 'device'; endpointId: string };

const SERVICE_PREFIXES = ['usp/', 'airloom/'];

/** The topic itself or anything below it; a filter like `usp/a/<ep>/#` stays below it too. */
function within(topicOrFilter: string, root: string): boolean {
  return topicOrFilter === root || topicOrFilter.startsWith(`${root}/`);
}

export function mayPublish(who: BrokerIdentity, topic: string): boolean {
  if (who.kind === 'service') return SERVICE_PREFIXES.some((p) => topic.startsWith(p));
  return within(topic, controllerTopic(who.endpointId));
}

export function maySubscribe(who: BrokerIdentity, filter: string): boolean {
  if (who.kind === 'service') return SERVICE_PREFIXES.some((p) => filter.startsWith(p));
  // a wildcard before the device's own level (`usp/a/+/#`, `usp/#`) never starts with its root
  return within(filter, agentTopic(who.endpointId));
}
