import { describe, expect, it } from 'vitest';
import { loadGatewayConfig } from './config.js';

describe('gateway configuration from the environment', () => {
  it('speaks MQTT 3.1.1 to the embedded broker and MQTT 5 elsewhere, unless told', () => {
    expect(loadGatewayConfig({}).protocolVersion).toBe(4);
    expect(loadGatewayConfig({ MQTT_URL: 'mqtt://broker.example:1883' }).protocolVersion).toBe(5);
    expect(loadGatewayConfig({ MQTT_URL: 'mqtt://broker.example:1883', MQTT_PROTOCOL_VERSION: '4' }).protocolVersion).toBe(4);
  });

  it('gives every process its own gateway id unless one is set, and the console its controller id', () => {
    expect(loadGatewayConfig({}).gatewayId).not.toBe(loadGatewayConfig({}).gatewayId);
    expect(loadGatewayConfig({ GATEWAY_ID: 'gw-1' }).gatewayId).toBe('gw-1');
    expect(loadGatewayConfig({}).controllerId).toBe('self::airloom');
    expect(loadGatewayConfig({ USP_CONTROLLER_ID: 'self::acme' }).controllerId).toBe('self::acme');
  });

  it('refuses settings it cannot use', () => {
    expect(() => loadGatewayConfig({ TIME_SCALE: '0' })).toThrow(/TIME_SCALE/);
    expect(() => loadGatewayConfig({ MQTT_PROTOCOL_VERSION: '3' })).toThrow(/MQTT_PROTOCOL_VERSION/);
    // the id is part of a topic: no wildcards or separators
    expect(() => loadGatewayConfig({ GATEWAY_ID: 'a/+' })).toThrow(/GATEWAY_ID/);
  });
});
