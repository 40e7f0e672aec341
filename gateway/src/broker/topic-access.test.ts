import { describe, expect, it } from 'vitest';
import { mayPublish, maySubscribe, type BrokerIdentity } from './topic-access.js';

const a: BrokerIdentity = { kind: 'device', endpointId: 'os::001A2B-ALAP500000000001' };
const service: BrokerIdentity = { kind: 'service' };

describe('topic access', () => {
  it.each([
    ['usp/c/os::001A2B-ALAP500000000001', true],
    ['usp/c/os::001A2B-ALAP500000000001/g/gw-1', true],
    ['usp/c/os::001A2B-ALAP500000000002', false],
    ['usp/c/os::001A2B-ALAP5000000000011', false], // another device whose ID starts with ours
    ['usp/a/os::001A2B-ALAP500000000001', false],
    ['airloom/events/1', false],
    ['$SYS/broker/uptime', false],
  ])('a device publishing to %s: %s', (topic, allowed) => {
    expect(mayPublish(a, topic)).toBe(allowed);
  });

  it.each([
    ['usp/a/os::001A2B-ALAP500000000001', true],
    ['usp/a/os::001A2B-ALAP500000000001/#', true],
    ['usp/a/os::001A2B-ALAP500000000001/+', true],
    ['usp/a/os::001A2B-ALAP5000000000011/#', false],
    ['usp/a/+/#', false],
    ['usp/a/#', false],
    ['usp/#', false],
    ['#', false],
    ['usp/c/os::001A2B-ALAP500000000001', false],
    ['$SYS/#', false],
  ])('a device subscribing to %s: %s', (filter, allowed) => {
    expect(maySubscribe(a, filter)).toBe(allowed);
  });

  it('lets service clients use usp/ and airloom/ only', () => {
    expect(mayPublish(service, 'usp/a/os::001A2B-ALAP500000000001/reply-to=usp%2Fc%2Fx')).toBe(true);
    expect(mayPublish(service, 'airloom/nudge')).toBe(true);
    expect(maySubscribe(service, 'usp/c/+')).toBe(true);
    expect(maySubscribe(service, 'airloom/events/+')).toBe(true);
    expect(mayPublish(service, '$SYS/x')).toBe(false);
    expect(maySubscribe(service, '#')).toBe(false);
  });
});
