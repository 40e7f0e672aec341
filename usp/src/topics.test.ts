import { describe, expect, it } from 'vitest';
import {
  agentSubscription,
  agentTopic,
  controllerTopic,
  endpointIdFor,
  gatewaySubscriptions,
  isUspContentType,
  parseAgentTopic,
  parseControllerTopic,
  responseTopic,
  snFromEndpointId,
  USP_CONTENT_TYPE,
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
    expect(agentSubscription(EP)).toBe(`usp/a/${EP}/#`);
    expect(controllerTopic(EP)).toBe(`usp/c/${EP}`);
    expect(responseTopic(EP, 'gw-1')).toBe(`usp/c/${EP}/g/gw-1`);
  });

  it('gateways share agent traffic on MQTT 5 and subscribe plainly on the embedded broker', () => {
    expect(gatewaySubscriptions('gw-1', true)).toEqual(['$share/airloom-gw/usp/c/+', 'usp/c/+/g/gw-1']);
    expect(gatewaySubscriptions('gw-1', false)).toEqual(['usp/c/+', 'usp/c/+/g/gw-1']);
  });

  it('3.1.1 reply-to rides in the topic with every / written %2F, and parses back', () => {
    const topic = withReplyTo(agentTopic(EP), responseTopic(EP, 'gw-1'));
    expect(topic).toBe(`usp/a/${EP}/reply-to=usp%2Fc%2F${EP}%2Fg%2Fgw-1`);
    expect(parseAgentTopic(topic)).toEqual({ ep: EP, replyTo: responseTopic(EP, 'gw-1') });
  });

  it('accepts a reply-to another controller percent-encoded fully', () => {
    expect(parseAgentTopic(`usp/a/${EP}/reply-to=usp%2Fc%2Fos%3A%3A001A2B-X`)).toEqual({ ep: EP, replyTo: 'usp/c/os::001A2B-X' });
    expect(parseAgentTopic(`usp/a/${EP}/reply-to=a%2fb%ZZ`)).toEqual({ ep: EP, replyTo: 'a/b%ZZ' });
  });

  it('parses agent topics and refuses anything else', () => {
    expect(parseAgentTopic(agentTopic(EP))).toEqual({ ep: EP });
    expect(parseAgentTopic(`usp/a/${EP}/other`)).toBeUndefined();
    expect(parseAgentTopic(`usp/a/${EP}/reply-to=`)).toBeUndefined();
    expect(parseAgentTopic(`usp/c/${EP}`)).toBeUndefined();
    expect(parseAgentTopic('usp/a/')).toBeUndefined();
  });

  it('parses controller topics with and without a gateway id', () => {
    expect(parseControllerTopic(controllerTopic(EP))).toEqual({ ep: EP });
    expect(parseControllerTopic(responseTopic(EP, 'gw-1'))).toEqual({ ep: EP, gatewayId: 'gw-1' });
    expect(parseControllerTopic(`usp/c/${EP}/x/gw-1`)).toBeUndefined();
    expect(parseControllerTopic(`usp/c/${EP}/g/gw-1/more`)).toBeUndefined();
    expect(parseControllerTopic(`usp/a/${EP}`)).toBeUndefined();
    expect(parseControllerTopic('airloom/nudge')).toBeUndefined();
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
