// Endpoint IDs and the MQTT topic plan (ARCHITECTURE §5, common design decisions).

/** Content type the controller puts on MQTT 5 publishes (TR-369 MQTT binding). */
export const USP_CONTENT_TYPE = 'application/vnd.bbf.usp.msg';

/** Shared-subscription group of the gateway instances on an MQTT 5 broker. */
export const GATEWAY_SHARE_GROUP = 'airloom-gw';

const REPLY_TO = 'reply-to=';

/**
 * The USP endpoint ID `os::<OUI>-<SN>`, OUI = first 3 bytes of the MAC as 6 upper-case hex digits.
 * Accepts `00:1A:2B:…`, `00-1a-2b-…`, `001a.2b…` or bare hex.
 */
export function endpointIdFor(mac: string, sn: string): string {
  const hex = mac.replace(/[:.-]/g, '');
  if (!/^[0-9A-Fa-f]{12}$/.test(hex)) throw new TypeError(`not a MAC address: ${mac}`);
  return `os::${hex.slice(0, 6).toUpperCase()}-${sn}`;
}

/**
 * The serial number in an `os::` endpoint ID, or undefined for any other form. TR-369 also allows
 * `os::<OUI>-<ProductClass>-<SN>`; the serial number is the last part in both.
 */
export function snFromEndpointId(ep: string): string | undefined {
  const m = /^os::[0-9A-Fa-f]{6}-(?:[^-]*-)?([^-]+)$/.exec(ep);
  return m?.[1];
}

/** Controller → agent. */
export function agentTopic(ep: string): string {
  return `usp/a/${ep}`;
}

/** What an agent subscribes: its topic and the 3.1.1 reply-to suffix below it. */
export function agentSubscription(ep: string): string {
  return `${agentTopic(ep)}/#`;
}

/** Agent → controller (Notify, mqtt_connect, disconnect, last will). */
export function controllerTopic(ep: string): string {
  return `usp/c/${ep}`;
}

/** Where responses to one gateway instance's requests return. */
export function responseTopic(ep: string, gatewayId: string): string {
  return `${controllerTopic(ep)}/g/${gatewayId}`;
}

/**
 * Topic filters a gateway subscribes. With an MQTT 5 broker the agent-initiated traffic is shared
 * across instances; the embedded aedes broker (3.1.1) has no `$share`, so there it is plain.
 */
export function gatewaySubscriptions(gatewayId: string, shared: boolean): string[] {
  const all = 'usp/c/+';
  return [shared ? `$share/${GATEWAY_SHARE_GROUP}/${all}` : all, `usp/c/+/g/${gatewayId}`];
}

/** MQTT 3.1.1 form of a request topic: the reply-to rides in the topic, every `/` written `%2F`. */
export function withReplyTo(topic: string, replyTo: string): string {
  return `${topic}/${REPLY_TO}${replyTo.replaceAll('/', '%2F')}`;
}

function decodeReplyTo(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded.replace(/%2F/gi, '/');
  }
}

/** `usp/a/<ep>` or `usp/a/<ep>/reply-to=<encoded topic>`; undefined for anything else. */
export function parseAgentTopic(topic: string): { ep: string; replyTo?: string } | undefined {
  const m = /^usp\/a\/([^/]+)(?:\/(.*))?$/.exec(topic);
  if (!m) return undefined;
  const ep = m[1] as string;
  const rest = m[2];
  if (rest === undefined) return { ep };
  if (!rest.startsWith(REPLY_TO) || rest.length === REPLY_TO.length) return undefined;
  return { ep, replyTo: decodeReplyTo(rest.slice(REPLY_TO.length)) };
}

/** `usp/c/<ep>` or `usp/c/<ep>/g/<gatewayId>`; undefined for anything else. */
export function parseControllerTopic(topic: string): { ep: string; gatewayId?: string } | undefined {
  const m = /^usp\/c\/([^/]+)(?:\/g\/([^/]+))?$/.exec(topic);
  if (!m) return undefined;
  return m[2] === undefined ? { ep: m[1] as string } : { ep: m[1] as string, gatewayId: m[2] };
}

/** Accepts what conformant agents send: `usp.msg`, the vnd type, or no content type at all. */
export function isUspContentType(contentType: string | undefined): boolean {
  if (contentType === undefined) return true;
  const ct = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return ct === '' || ct === 'usp.msg' || ct === USP_CONTENT_TYPE;
}
