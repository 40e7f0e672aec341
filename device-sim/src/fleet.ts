// Many agents in one process: one scheduler for all their timers, one gate on simultaneous
// connection attempts, each agent still with its own MQTT connection and credentials.
import { Agent, type AgentOptions } from './agent.js';
import { ConnectGate } from './gate.js';
import { Scheduler } from './scheduler.js';
import type { DeviceSpec } from './specs.js';

export interface FleetOptions extends Omit<AgentOptions, 'spec' | 'scheduler' | 'gate'> {
  /** connection attempts in flight at once (Mosquitto's listen backlog is 100) */
  connectConcurrency?: number;
}

export interface FleetStats {
  devices: number;
  online: number;
  connecting: number;
  rebooting: number;
  stopped: number;
  /** notifies waiting for a NotifyResp */
  pendingNotifies: number;
  /** why the latest failed connection attempt failed (refused credentials, wrong MQTT version…) */
  lastError?: string;
}

export interface Fleet {
  readonly agents: readonly Agent[];
  /** the agent of one serial number */
  get(sn: string): Agent | undefined;
  /** Starts every agent; resolves once each has connected (a caller that need not wait does not await). */
  start(): Promise<void>;
  /** Clean disconnect of every agent, timers cleared. */
  stop(): Promise<void>;
  stats(): FleetStats;
}

export function createFleet(specs: readonly DeviceSpec[], options: FleetOptions): Fleet {
  const scheduler = new Scheduler();
  const gate = new ConnectGate(options.connectConcurrency ?? 50);
  // the APs of one site hear each other's beacons (air.ts)
  const air = () => agents.map((a) => a.onAir);
  const agents: Agent[] = specs.map((spec) => new Agent({ ...options, spec, scheduler, gate, air }));
  const bySn = new Map(agents.map((a) => [a.spec.sn, a]));
  // a switch that stops powering a port takes the AP or camera on it down; power back boots it
  let running = false;
  for (const a of agents) {
    a.on('poe', (sn, powered) => {
      const peer = bySn.get(sn);
      if (!peer || !running) return;
      if (powered) void peer.start();
      else peer.powerOff();
    });
  }
  // a mesh primary whose main Wi-Fi changed: every secondary reaching it (directly or through others) joins again
  const rootOf = (a: Agent): string => {
    let at = a;
    for (let hops = 0; at.spec.backhaul && hops < 16; hops++) {
      const parent = bySn.get(at.spec.backhaul.parentSn);
      if (!parent) break;
      at = parent;
    }
    return at.spec.sn;
  };
  for (const a of agents) {
    if (a.spec.meshRole !== 'primary') continue;
    a.on('renetwork', (network) => {
      if (!running) return;
      for (const b of agents) if (b !== a && b.spec.backhaul && rootOf(b) === a.spec.sn) b.renetwork(network);
    });
  }
  // a device whose credentials are refused keeps retrying with back-off; the latest reason is enough
  let lastError: string | undefined;
  for (const a of agents) a.on('connectError', (err) => (lastError = err.message));

  return {
    agents,
    get: (sn) => bySn.get(sn),
    async start() {
      running = true;
      await Promise.all(agents.map((a) => a.start()));
    },
    async stop() {
      running = false;
      await Promise.all(agents.map((a) => a.stop()));
      scheduler.clear();
    },
    stats() {
      const s: FleetStats = { devices: agents.length, online: 0, connecting: 0, rebooting: 0, stopped: 0, pendingNotifies: 0, lastError };
      for (const a of agents) {
        if (a.state === 'online') s.online++;
        else if (a.state === 'connecting') s.connecting++;
        else if (a.state === 'rebooting') s.rebooting++;
        else s.stopped++;
        s.pendingNotifies += a.pendingNotifies;
      }
      return s;
    },
  };
}
