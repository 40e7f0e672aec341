import { describe, expect, it } from 'vitest';
import {
  agentSubscription,
  agentTopic,
  brokeredErrorPayload,
  controllerTopic,
  endpointIdFor,
  gatewaySubscriptions,
  isUspContentType,
  parseAgentTopic,
  parseControllerTopic,
  responseTopic,
  snFromEndpointId,
  splitReplyTo,
  USP_CONTENT_TYPE,
  uspPublish,
  withReplyTo,
} from './topics.js';

const EP = 'os::001A2B-ALAP500000000001';

describe('endpoint IDs', () => {
  it('is os::<OUI>-<SN> with the OUI upper-case from the first three MAC bytes', () => {
    expect(endpointIdFor('00:1a:2b:3c:4d:5e', 'ALAP500000000001')).toBe(EP);
    expect(endpointIdFor('00-1A-2B-3C-4D-5E', 'ALAP500000000001')).toBe(EP);
    expect(endpointIdFor('001a.2b3c.4d5e', 'ALAP500000000001')).toBe(EP);
    expect(endpointIdFor('001A2B3C4D5E', 'ALAP500000000001')).toBe(EP);
  });

  it('refuses something that is not a MAC', () => {
    expect(() => endpointIdFor('00:1A:2B', 'SN')).toThrow(TypeError);
    expect(() => endpointIdFor('zz:1A:2B:3C:4D:5E', 'SN')).toThrow(TypeError);
  });

  it('gives the serial number back, also from the OUI-ProductClass-SN form', () => {
    expect(snFromEndpointId(EP)).toBe('ALAP500000000001');
    expect(snFromEndpointId('os::001A2B-AP-ALAP500000000001')).toBe('ALAP500000000001');
    expect(snFromEndpointId('self::airloom')).toBeUndefined();
    expect(snFromEndpointId('proto::x')).toBeUndefined();
    expect(snFromEndpointId('os::001A2B-')).toBeUndefined();
  });
});

describe('topic plan', () => {
  it('names the agent, controller and per-gateway response topics', () => {
    expect(agentTopic(EP)).toBe(`usp/a/${EP}`);
    expect(agentSubscription(EP)).toBe(`usp/a/${EP}/#`); // 3.1.1 by default
    expect(controllerTopic(EP)).toBe(`usp/c/${EP}`);
    expect(responseTopic(EP, 'gw-1')).toBe(`usp/c/${EP}/g/gw-1`);
  });

  it('an agent subscribes one filter: its own topic on MQTT 5, with /# on 3.1.1 for the reply-to suffix (R-MQTT.15, R-MQTT.24)', () => {
    expect(agentSubscription(EP, 5)).toBe(`usp/a/${EP}`);
    expect(agentSubscription(EP, 4)).toBe(`usp/a/${EP}/#`);
  });

  it('gateways share agent traffic on MQTT 5, subscribe plainly on the embedded broker, and take the 3.1.1 suffix level too', () => {
    expect(gatewaySubscriptions('gw-1', 'airloom-gw')).toEqual({
      shared: ['$share/airloom-gw/usp/c/+', '$share/airloom-gw/usp/c/+/+'],
      answers: ['usp/c/+/g/gw-1', 'usp/c/+/g/gw-1/+'],
    });
    expect(gatewaySubscriptions('gw-1')).toEqual({ shared: ['usp/c/+', 'usp/c/+/+'], answers: ['usp/c/+/g/gw-1', 'usp/c/+/g/gw-1/+'] });
  });

  it("every topic an agent publishes on 3.1.1 matches one of the gateway's filters (R-MQTT.22, R-MQTT.24)", () => {
    const replyTo = agentTopic(EP);
    const published = [
      controllerTopic(EP),
      withReplyTo(controllerTopic(EP), replyTo),
      withReplyTo(responseTopic(EP, 'gw-1'), replyTo),
      responseTopic(EP, 'gw-1'),
    ];
    const matches = (filter: string, topic: string) => {
      const f = filter.split('/');
      const t = topic.split('/');
      return f.length === t.length && f.every((level, i) => level === '+' || level === t[i]);
    };
    const { shared, answers } = gatewaySubscriptions('gw-1');
    for (const topic of published) expect([...shared, ...answers].some((f) => matches(f, topic)), topic).toBe(true);
  });

  it('3.1.1 reply-to rides in the topic with every / written %2F, and parses back', () => {
    const topic = withReplyTo(agentTopic(EP), responseTopic(EP, 'gw-1'));
    expect(topic).toBe(`usp/a/${EP}/reply-to=usp%2Fc%2F${EP}%2Fg%2Fgw-1`);
    expect(parseAgentTopic(topic)).toEqual({ ep: EP, replyTo: responseTopic(EP, 'gw-1') });
  });

  it('decodes only %2F in a reply-to, since an endpoint ID may contain % (R-MQTT.25)', () => {
    expect(parseAgentTopic(`usp/a/${EP}/reply-to=usp%2Fc%2Fos::001A2B-X`)).toEqual({ ep: EP, replyTo: 'usp/c/os::001A2B-X' });
    expect(parseAgentTopic(`usp/a/${EP}/reply-to=a%2fb%25ZZ`)).toEqual({ ep: EP, replyTo: 'a/b%25ZZ' });
  });

  it('takes the reply-to after the LAST /reply-to= (R-MQTT.25)', () => {
    expect(splitReplyTo(`usp/c/${EP}/reply-to=x%2Freply-to=y/reply-to=usp%2Fa%2F${EP}`)).toEqual({
      topic: `usp/c/${EP}/reply-to=x%2Freply-to=y`,
      replyTo: `usp/a/${EP}`,
    });
    expect(splitReplyTo(`usp/c/${EP}`)).toEqual({ topic: `usp/c/${EP}` });
  });

  it('parses agent topics and refuses anything else', () => {
    expect(parseAgentTopic(agentTopic(EP))).toEqual({ ep: EP });
    expect(parseAgentTopic(`usp/a/${EP}/other`)).toBeUndefined();
    expect(parseAgentTopic(`usp/a/${EP}/reply-to=`)).toEqual({ ep: EP });
    expect(parseAgentTopic(`usp/c/${EP}`)).toBeUndefined();
    expect(parseAgentTopic('usp/a/')).toBeUndefined();
  });

  it('parses controller topics with and without a gateway id', () => {
    expect(parseControllerTopic(controllerTopic(EP))).toEqual({ ep: EP });
    expect(parseControllerTopic(responseTopic(EP, 'gw-1'))).toEqual({ ep: EP, gatewayId: 'gw-1' });
    expect(parseControllerTopic(`usp/c/${EP}/x/gw-1`)).toBeUndefined();
    expect(parseControllerTopic(`usp/c/${EP}/g/gw-1/more`)).toBeUndefined();
    expect(parseControllerTopic(`usp/c/${EP}/g`)).toBeUndefined();
  });

  it('parses the 3.1.1 reply-to suffix on agent → controller topics (R-MQTT.24, R-MQTT.25)', () => {
    expect(parseControllerTopic(`usp/c/${EP}/reply-to=usp%2Fa%2F${EP}`)).toEqual({ ep: EP, replyTo: `usp/a/${EP}` });
    expect(parseControllerTopic(`usp/c/${EP}/g/gw-1/reply-to=usp%2Fa%2F${EP}`)).toEqual({ ep: EP, gatewayId: 'gw-1', replyTo: `usp/a/${EP}` });
    expect(parseControllerTopic(`usp/a/${EP}`)).toBeUndefined();
    expect(parseControllerTopic('airloom/nudge')).toBeUndefined();
  });
});

describe('PUBLISH of a USP Record', () => {
  it('names the reply-to in the topic on 3.1.1 and carries no properties (R-MQTT.22, R-MQTT.24)', () => {
    expect(uspPublish({ topic: controllerTopic(EP), replyTo: agentTopic(EP), protocolVersion: 4, toId: 'self::c', msgId: 'm1' })).toEqual({
      topic: `usp/c/${EP}/reply-to=usp%2Fa%2F${EP}`,
    });
  });

  it('on MQTT 5: Response Topic, content type and usp-err-id <to_id>/<msg_id> (R-MQTT.23, R-MQTT.27, R-MQTT.29)', () => {
    expect(uspPublish({ topic: agentTopic(EP), replyTo: responseTopic(EP, 'gw-1'), protocolVersion: 5, toId: EP, msgId: 'm1' })).toEqual({
      topic: agentTopic(EP),
      properties: { responseTopic: responseTopic(EP, 'gw-1'), contentType: USP_CONTENT_TYPE, userProperties: { 'usp-err-id': `${EP}/m1` } },
    });
  });

  it('a brokered error payload is two UTF-8 lines (R-MQTT.31)', () => {
    expect(brokeredErrorPayload(7100, 'bad\nrecord')).toBe('err_code:7100\nerr_msg:bad record');
  });
});

describe('content type', () => {
  it('accepts usp.msg, the vnd type (any case, with parameters) and none', () => {
    expect(USP_CONTENT_TYPE).toBe('application/vnd.bbf.usp.msg');
    for (const ct of [undefined, '', 'usp.msg', 'application/vnd.bbf.usp.msg', 'Application/VND.bbf.usp.msg; charset=binary']) {
      expect(isUspContentType(ct)).toBe(true);
    }
  });

  it('refuses other payloads', () => {
    expect(isUspContentType('application/json')).toBe(false);
    expect(isUspContentType('text/plain')).toBe(false);
  });
});
