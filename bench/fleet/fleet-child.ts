// The simulated fleet, in its own process (apart from the gateway under test): the device specs and
// secrets come from FLEET_FILE. Tells the benchmark `{ type: 'connected', at }` once every agent
// has connected; SIGTERM stops the agents cleanly.
import { readFileSync } from 'node:fs';
import { createFleet, type DeviceSpec } from '@airloom/device-sim';

process.once('disconnect', () => process.exit(1));

const specs = JSON.parse(readFileSync(process.env.FLEET_FILE!, 'utf8')) as DeviceSpec[];
const fleet = createFleet(specs, {
  brokerUrl: process.env.MQTT_URL!,
  protocolVersion: process.env.MQTT_PROTOCOL_VERSION === '4' ? 4 : 5,
  timeScale: Number(process.env.TIME_SCALE ?? '1'),
});
process.once('SIGTERM', () => {
  fleet.stop().finally(() => process.exit(0));
});

// while some agents have not connected, every 30 s: the fleet's counts and a few of the late ones
const waiting = setInterval(() => {
  const late = fleet.agents.filter((a) => a.state !== 'online');
  process.send?.({
    type: 'waiting',
    stats: fleet.stats(),
    late: late.slice(0, 5).map((a) => ({ sn: a.spec.sn, state: a.state, ...a.connection })),
  });
}, 30_000);
await fleet.start();
clearInterval(waiting);
process.send?.({ type: 'connected', at: Date.now() });
