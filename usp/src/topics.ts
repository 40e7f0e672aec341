// Endpoint IDs, the MQTT topic plan (ARCHITECTURE §5) and the TR-369 MQTT binding's rules for
// topics and PUBLISH properties (R-MQTT.* numbers of TR-369's MQTT Binding section).

/** Content type the controller puts on MQTT 5 publishes (TR-369 MQTT binding). */
export const USP_CONTENT_TYPE = 'application/vnd.bbf.usp.msg';

/** Shared-subscription group of the gateway instances on an MQTT 5 broker. */
export const GATEWAY_SHARE_GROUP = 'airloom-gw';

/** MQTT 5 user property naming the Record a brokered error is about (R-MQTT.29, R-MQTT.31). */
export const USP_ERR_ID = 'usp-err-id';
/** MQTT 5 content type of a brokered USP Record error (R-MQTT.28). */
export const USP_ERROR_CONTENT_TYPE = 'application/vnd.bbf.usp.error';
/** MQTT 5 CONNECT user property carrying the client's endpoint ID (R-MQTT.13). */
export const USP_ENDPOINT_ID = 'usp-endpoint-id';

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

/**
 * What an agent subscribes (TR-369 R-MQTT.15): on MQTT 5 its own topic, which is its reply-to; on
 * 3.1.1 requests arrive with the `/reply-to=` suffix below it (R-MQTT.24), so the filter needs `/#`
 * (which matches the bare topic too). One filter either way: a second overlapping one makes the
 * broker deliver each request twice.
 */
export function agentSubscription(ep: string, protocolVersion: 4 | 5 = 4): string {
  return protocolVersion === 5 ? agentTopic(ep) : `${agentTopic(ep)}/#`;
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
 * Topic filters a gateway subscribes: agent-initiated traffic (shared across instances on an MQTT 5
 * broker; the embedded aedes broker has no `$share`) and the answers to this instance — two groups,
 * which the gateway takes on two connections. Each comes twice: bare, and with the 3.1.1
 * `/reply-to=` suffix, which is one more level because its `/` are written `%2F` (R-MQTT.24). A `+`
 * matches one level only, so `usp/c/+` alone misses the suffix.
 */
export function gatewaySubscriptions(gatewayId: string, shareGroup?: string): { shared: string[]; answers: string[] } {
  const share = (filter: string) => (shareGroup ? `$share/${shareGroup}/${filter}` : filter);
  const answers = responseTopic('+', gatewayId);
  return { shared: [share('usp/c/+'), share('usp/c/+/+')], answers: [answers, `${answers}/+`] };
}

/** MQTT 3.1.1 form of a topic carrying a USP Record: the reply-to rides at its end, every `/` written `%2F` (R-MQTT.24). */
export function withReplyTo(topic: string, replyTo: string): string {
  return `${topic}/${REPLY_TO}${replyTo.replaceAll('/', '%2F')}`;
}

/**
 * Splits the 3.1.1 reply-to suffix off a received topic: the part after the LAST `/reply-to=` is
 * the reply-to, with `%2F` turned back into `/` and nothing else decoded (R-MQTT.25; an endpoint ID
 * may itself contain `%`). An empty suffix names no reply-to.
 */
export function splitReplyTo(topic: string): { topic: string; replyTo?: string } {
  const at = topic.lastIndexOf(`/${REPLY_TO}`);
  if (at < 0) return { topic };
  const encoded = topic.slice(at + REPLY_TO.length + 1);
  const base = topic.slice(0, at);
  return encoded === '' ? { topic: base } : { topic: base, replyTo: encoded.replace(/%2F/gi, '/') };
}

/** `usp/a/<ep>`, optionally with the 3.1.1 reply-to suffix; undefined for anything else. */
export function parseAgentTopic(topic: string): { ep: string; replyTo?: string } | undefined {
  const { topic: base, replyTo } = splitReplyTo(topic);
  const m = /^usp\/a\/([^/]+)$/.exec(base);
  if (!m) return undefined;
  return replyTo === undefined ? { ep: m[1] as string } : { ep: m[1] as string, replyTo };
}

/** `usp/c/<ep>` or `usp/c/<ep>/g/<gatewayId>`, optionally with the 3.1.1 reply-to suffix; undefined for anything else. */
export function parseControllerTopic(topic: string): { ep: string; gatewayId?: string; replyTo?: string } | undefined {
  const { topic: base, replyTo } = splitReplyTo(topic);
  const m = /^usp\/c\/([^/]+)(?:\/g\/([^/]+))?$/.exec(base);
  if (!m) return undefined;
  return {
    ep: m[1] as string,
    ...(m[2] !== undefined ? { gatewayId: m[2] } : {}),
    ...(replyTo !== undefined ? { replyTo } : {}),
  };
}

/** MQTT 5 PUBLISH properties of a USP Record (a subset of mqtt.js's, so usp needs no MQTT library). */
export interface UspPublishProperties {
  responseTopic: string;
  contentType: string;
  userProperties: Record<string, string>;
}

/**
 * Topic and properties of one PUBLISH carrying a USP Record, both MQTT versions. Every such PUBLISH
 * names the sender's reply-to (R-MQTT.22): on 3.1.1 as the topic suffix (R-MQTT.24), on MQTT 5 as
 * the Response Topic property (R-MQTT.23) with the USP content type (R-MQTT.27) and the
 * `usp-err-id` user property `<to_id>/<msg_id>` (R-MQTT.29) that a receiver names in an error.
 */
export function uspPublish(options: {
  topic: string;
  replyTo: string;
  protocolVersion: 4 | 5;
  toId: string;
  /** the Msg's id; a Record without a Msg (mqtt_connect, disconnect) has none */
  msgId?: string;
}): { topic: string; properties?: UspPublishProperties } {
  if (options.protocolVersion !== 5) return { topic: withReplyTo(options.topic, options.replyTo) };
  return {
    topic: options.topic,
    properties: {
      responseTopic: options.replyTo,
      contentType: USP_CONTENT_TYPE,
      userProperties: { [USP_ERR_ID]: `${options.toId}/${options.msgId ?? ''}` },
    },
  };
}

/** The UTF-8 payload of a brokered error (R-MQTT.31): two lines, `err_code:` and `err_msg:`. */
export function brokeredErrorPayload(errCode: number, errMsg: string): string {
  return `err_code:${errCode}\nerr_msg:${errMsg.replace(/[\r\n]+/g, ' ')}`;
}

/** Accepts what conformant agents send: `usp.msg`, the vnd type, or no content type at all. */
export function isUspContentType(contentType: string | undefined): boolean {
  if (contentType === undefined) return true;
  const ct = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return ct === '' || ct === 'usp.msg' || ct === USP_CONTENT_TYPE;
}
