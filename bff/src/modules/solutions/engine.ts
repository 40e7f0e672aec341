// The recommendation engine of the solution designer (docs/solutions.md): a pure function from a
// scenario, its inputs and the gateway needs to a bill of materials whose every line says why.
// APs from coverage (the radio model at the install height through the scenario's walls) and
// capacity (clients per AP per band), switches from PoE ports and the PoE budget, the gateway from
// clients, lines, bandwidth and functions. The result keeps spec §5's limits or is refused with
// their codes (contracts' solutionLimitCode).
import {
  CUSTOM_SCENARIO_FALLBACK,
  ErrorCode,
  SCENARIO_PROFILES,
  SPACE_CLIENTS,
  solutionLimitCode,
  type ErrorCodeValue,
  type GatewayFunction,
  type RecommendedLine,
  type RecommendRequest,
  type RecommendResponse,
  type RecommendSummary,
  type ScenarioProfile,
  type SolutionInputs,
  type SolutionPolicy,
} from '@airloom/contracts';
import { GATEWAY_FUNCTION_LABELS } from '@airloom/contracts';
import { DEVICE_MODELS, type DeviceModel } from '@airloom/contracts/config';
import { estimateCoverage } from '@airloom/radio';

/** Refusal of a design: a catalogue code and the rule (rules.*) a person reads. */
export class SolutionDesignError extends Error {
  constructor(readonly code: ErrorCodeValue, readonly rule: string, message: string) {
    super(message);
    this.name = 'SolutionDesignError';
  }
}

/** The numbers the method rests on (docs/solutions.md "Constants"). */
export const DESIGN = {
  /** 5 GHz channel 36: the band that sets the cell (2.4 GHz reaches further) */
  frequencyMhz: 5180,
  /** the signal every client should see, dBm */
  thresholdDbm: -67,
  /** largest cell radius the designer uses, m: beyond it a phone's own 15 dBm uplink is the weak side */
  maxRadiusM: 20,
  /** floor area per space when the area is not given, m² */
  spaceAreaM2: { rooms: 30, offices: 20, classrooms: 60, dormitories: 25, wards: 25 },
  /** corridor width, m */
  corridorWidthM: 2.5,
  /** share of a switch's PoE budget the designer plans to use (the rest is headroom) */
  poeUsableShare: 0.8,
  /** downlink ports of a core switch kept for access switches */
  coreDownlinks: 24,
  /** share of the gateway's sessions and throughput the designer plans to use */
  gatewayUsableShare: 0.8,
  /** PoE draw of a camera when no camera model is named, W */
  cameraDrawW: 6,
} as const;

export interface DesignContext {
  /** a custom scenario's profile (its defaults and walls) when the scenario is `custom` */
  custom?: { name: string; profile: ScenarioProfile };
  /** the catalogue (tests may pass a narrower one) */
  catalogue?: readonly DeviceModel[];
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
const plural = (n: number, one: string, many = `${one}s`) => `${fmt(n)} ${n === 1 ? one : many}`;

function profileOf(req: RecommendRequest, ctx: DesignContext): ScenarioProfile {
  if (req.scenario === 'custom') return ctx.custom?.profile ?? CUSTOM_SCENARIO_FALLBACK;
  return SCENARIO_PROFILES[req.scenario];
}

/** Inputs with the scenario's defaults filled in where a value is absent. */
export function effectiveInputs(req: RecommendRequest, ctx: DesignContext = {}): SolutionInputs & { floors: number; installHeightM: number; clientsPerRoom: number } {
  const profile = profileOf(req, ctx);
  const merged = { ...profile.defaults, ...Object.fromEntries(Object.entries(req.inputs).filter(([, v]) => v !== undefined)) } as SolutionInputs;
  return { ...merged, floors: merged.floors ?? 1, installHeightM: merged.installHeightM ?? 3, clientsPerRoom: merged.clientsPerRoom ?? 0 };
}

function chosen(catalogue: readonly DeviceModel[], name: string | undefined, fits: (m: DeviceModel) => boolean, kind: string): DeviceModel | undefined {
  if (name === undefined) return undefined;
  const m = catalogue.find((c) => c.model === name);
  if (!m || !fits(m)) throw new SolutionDesignError(ErrorCode.INVALID_PARAMS, 'rules.solutionDevices.model', `${name} cannot be used as ${kind}`);
  return m;
}

const perAp = (m: DeviceModel) => (m.design?.designClients?.['2.4GHz'] ?? 0) + (m.design?.designClients?.['5GHz'] ?? 0);

export function recommend(req: RecommendRequest, ctx: DesignContext = {}): RecommendResponse {
  const catalogue = ctx.catalogue ?? (DEVICE_MODELS as readonly DeviceModel[]);
  const profile = profileOf(req, ctx);
  const inputs = effectiveInputs(req, ctx);
  const policy: SolutionPolicy = req.policy ?? 'balanced';
  const type = req.type ?? 'wlan';
  const floors = inputs.floors;

  // clients: the spaces' clients, or the gateway's connected clients when larger (spec §3)
  const spaceClients = (inputs.rooms ?? 0) * inputs.clientsPerRoom
    + (inputs.offices ?? 0) * SPACE_CLIENTS.offices
    + (inputs.classrooms ?? 0) * SPACE_CLIENTS.classrooms
    + (inputs.dormitories ?? 0) * SPACE_CLIENTS.dormitories
    + (inputs.wards ?? 0) * SPACE_CLIENTS.wards;
  const clients = Math.max(spaceClients, req.gateway.clients);
  const clientsFromGateway = req.gateway.clients > spaceClients;
  const concurrent = Math.ceil(clients * profile.concurrency);

  // area: given, or built from the spaces and the corridors
  const builtArea = (inputs.rooms ?? 0) * DESIGN.spaceAreaM2.rooms
    + (inputs.offices ?? 0) * DESIGN.spaceAreaM2.offices
    + (inputs.classrooms ?? 0) * DESIGN.spaceAreaM2.classrooms
    + (inputs.dormitories ?? 0) * DESIGN.spaceAreaM2.dormitories
    + (inputs.wards ?? 0) * DESIGN.spaceAreaM2.wards
    + (inputs.corridorLengthM ?? 0) * DESIGN.corridorWidthM * floors;
  const areaGiven = inputs.areaM2 !== undefined && inputs.areaM2 > 0;
  const area = areaGiven ? (inputs.areaM2 as number) : builtArea;
  if (area <= 0 && clients <= 0) {
    throw new SolutionDesignError(ErrorCode.INVALID_PARAMS, 'rules.solutionInputs.empty', 'Nothing to cover: give rooms, an area, spaces or clients');
  }

  // --- APs -------------------------------------------------------------------------------------
  const apFits = (m: DeviceModel) => (type === 'mesh' ? m.type === 'mesh' : m.type === 'ap') && perAp(m) > 0 && m.design?.txPowerDbm?.['5GHz'] !== undefined;
  const apCandidates = catalogue.filter(apFits);
  const apFor = (m: DeviceModel) => {
    const cov = estimateCoverage({
      txPowerDbm: m.design?.txPowerDbm?.['5GHz'] ?? 20,
      gainDbi: m.design?.antennaGainDbi ?? 0,
      frequencyMhz: DESIGN.frequencyMhz,
      installHeightM: inputs.installHeightM,
      wallLossDb: profile.wallLossDb,
      wallSpacingM: profile.wallSpacingM,
      thresholdDbm: DESIGN.thresholdDbm,
      maxRadiusM: DESIGN.maxRadiusM,
    });
    const floorArea = area / floors;
    const forCoverage = area > 0 ? floors * Math.ceil(floorArea / Math.max(cov.areaM2, 1)) : 0;
    const forCapacity = Math.ceil(concurrent / perAp(m));
    return { m, cov, forCoverage, forCapacity, quantity: Math.max(forCoverage, forCapacity, 1) };
  };
  const userAp = chosen(catalogue, req.models?.ap, apFits, 'an AP');
  const apOptions = (userAp ? [userAp] : apCandidates).map(apFor);
  if (apOptions.length === 0) throw new SolutionDesignError(ErrorCode.INVALID_PARAMS, 'rules.solutionDevices.model', 'No AP model in the catalogue fits');
  const apOption = userAp
    ? apOptions[0]!
    : policy === 'cost'
      ? apOptions.reduce((a, b) => (b.quantity * perAp(a.m) < a.quantity * perAp(b.m) ? b : a)) // fewest client slots bought
      : policy === 'performance'
        ? apOptions.reduce((a, b) => (perAp(b.m) > perAp(a.m) ? b : a))
        : apOptions.reduce((a, b) => (b.quantity < a.quantity * 0.7 ? b : a)); // a bigger AP only when it saves ≥ 30 %
  const ap = apOption.m;
  const apCount = apOption.quantity;
  const bound: 'coverage' | 'capacity' = apOption.forCapacity > apOption.forCoverage ? 'capacity' : 'coverage';
  const apReason = bound === 'capacity'
    ? `${plural(apCount, 'AP')}: capacity-bound, ${fmt(concurrent)} clients online at once / ${perAp(ap)} per AP`
      + ` (${ap.design?.designClients?.['2.4GHz']} on 2.4 GHz + ${ap.design?.designClients?.['5GHz']} on 5 GHz); coverage alone needs ${apOption.forCoverage}`
    : `${plural(apCount, 'AP')}: coverage-bound, ${fmt(area)} m² over ${plural(floors, 'floor')} / ${fmt(apOption.cov.areaM2)} m² per AP`
      + ` (−67 dBm reaches ${fmt(apOption.cov.radiusM, 1)} m at ${fmt(inputs.installHeightM, 1)} m height through ${profile.wallLossDb} dB walls every ${profile.wallSpacingM} m)`
      + `; capacity alone needs ${apOption.forCapacity} (${fmt(concurrent)} clients / ${perAp(ap)} per AP)`;

  const lines: RecommendedLine[] = [];

  // --- access switches: PoE ports and PoE budget ------------------------------------------------
  const cameras = inputs.cameras ?? 0;
  const camera = catalogue.find((m) => m.type === 'ipc' && m.design?.poeDrawW !== undefined);
  const cameraDraw = camera?.design?.poeDrawW ?? DESIGN.cameraDrawW;
  const apDraw = ap.design?.poeDrawW ?? 0;
  const poePorts = (type === 'mesh' ? 0 : apCount) + cameras;
  const poeDraw = (type === 'mesh' ? 0 : apCount * apDraw) + cameras * cameraDraw;
  let accessQuantity = 0;
  let poeBudget = 0;
  let access: DeviceModel | undefined;
  if (poePorts > 0) {
    const switchFits = (m: DeviceModel) => m.type === 'switch' && m.ports.poe > 0;
    const userSwitch = chosen(catalogue, req.models?.accessSwitch, switchFits, 'an access switch');
    const candidates = userSwitch ? [userSwitch] : catalogue.filter((m) => switchFits(m) && m.design?.switchRole === 'access');
    // the PoE devices spread evenly over the floors; each floor's closet has its own switches
    const usedFloors = Math.min(floors, poePorts);
    const portsPerFloor = Math.ceil(poePorts / usedFloors);
    const drawPerFloor = poeDraw / usedFloors;
    const options = candidates.map((m) => {
      // one port of a switch without SFP cages goes up to the core or the gateway
      const usablePorts = m.ports.sfp > 0 ? m.ports.poe : Math.min(m.ports.poe, m.ports.count - 1);
      const usableW = m.ports.poeBudgetW * DESIGN.poeUsableShare;
      const byPorts = Math.ceil(portsPerFloor / usablePorts);
      const byBudget = Math.ceil(drawPerFloor / usableW);
      const perFloor = Math.max(byPorts, byBudget);
      return { m, usablePorts, usableW, byPorts, byBudget, perFloor, quantity: perFloor * usedFloors, ports: perFloor * usedFloors * m.ports.count };
    });
    if (options.length === 0) throw new SolutionDesignError(ErrorCode.INVALID_PARAMS, 'rules.solutionDevices.model', 'No PoE switch in the catalogue fits');
    // cost proxy: a switch costs its ports plus a chassis worth 16 ports (docs/solutions.md)
    const cost = (o: { m: DeviceModel }, perFloor: number) => perFloor * usedFloors * (o.m.ports.count + 16);
    const pick = (perFloorOf: (o: (typeof options)[number]) => number) => (userSwitch
      ? options[0]!
      : options.reduce((a, b) => {
        const [ca, cb] = policy === 'performance' ? [perFloorOf(a) * 1000 - a.usableW, perFloorOf(b) * 1000 - b.usableW] : [cost(a, perFloorOf(a)), cost(b, perFloorOf(b))];
        return cb < ca ? b : a;
      }));
    const best = pick((o) => o.perFloor);
    const byPortsAlone = pick((o) => o.byPorts);
    access = best.m;
    accessQuantity = best.quantity;
    poeBudget = best.quantity * best.m.ports.poeBudgetW;
    const devices = [type === 'mesh' ? '' : plural(apCount, 'AP'), cameras ? plural(cameras, 'camera') : ''].filter(Boolean).join(' + ');
    const poeBound = best.byBudget > best.byPorts || byPortsAlone.m !== best.m;
    const why = poeBound
      ? `PoE-bound: ${fmt(drawPerFloor, 1)} W per floor`
        + (byPortsAlone.m !== best.m
          ? ` is more than the ${fmt(byPortsAlone.usableW * byPortsAlone.byPorts)} W usable of the ${plural(byPortsAlone.byPorts, byPortsAlone.m.model, byPortsAlone.m.model)} the ports alone need`
          : ` / ${fmt(best.usableW)} W usable per switch; ports alone need ${best.byPorts} per floor`)
        + ` (${Math.round(DESIGN.poeUsableShare * 100)} % of each budget used, ${best.m.ports.poeBudgetW} W per ${best.m.model})`
      : `port-bound: ${portsPerFloor} PoE ports per floor / ${best.usablePorts} per switch; ${fmt(drawPerFloor, 1)} W per floor fits ${fmt(best.usableW * best.perFloor)} W usable PoE`;
    lines.push({
      type: 'accessSwitch', model: best.m.model, quantity: accessQuantity,
      reason: `${plural(accessQuantity, 'access switch', 'access switches')}${usedFloors > 1 ? ` (${best.perFloor} on each of ${usedFloors} floors)` : ''} for ${devices}: ${why}`,
    });
  }

  // --- core switches: above more than one access switch -----------------------------------------
  if (accessQuantity > 1) {
    const coreFits = (m: DeviceModel) => m.type === 'switch';
    const userCore = chosen(catalogue, req.models?.coreSwitch, coreFits, 'a core switch');
    const core = userCore ?? catalogue.find((m) => coreFits(m) && m.design?.switchRole === 'core');
    if (core) {
      const downlinks = Math.min(DESIGN.coreDownlinks, core.ports.count - Math.max(core.ports.sfp, 1));
      const quantity = Math.ceil(accessQuantity / downlinks);
      lines.push({
        type: 'coreSwitch', model: core.model, quantity,
        reason: `${plural(quantity, 'core switch', 'core switches')}: ${plural(accessQuantity, 'access switch', 'access switches')} / ${downlinks} downlinks per core switch`
          + (core.ports.sfp > 0 ? `, ${core.ports.sfp} SFP cages for the uplink to the gateway` : ''),
      });
    }
  }

  // --- gateway: clients, lines, bandwidth, functions --------------------------------------------
  const wanted: readonly GatewayFunction[] = req.gateway.functions;
  const needLines = req.gateway.lines;
  const needMbps = req.gateway.lines * req.gateway.bandwidthMbps;
  const needSessions = concurrent + cameras;
  const gatewayFits = (m: DeviceModel) => (m.type === 'router' || m.type === 'wrouter') && m.design?.throughputMbps !== undefined;
  const userGateway = chosen(catalogue, req.models?.gateway, gatewayFits, 'a gateway');
  const gateways = catalogue.filter(gatewayFits).sort((a, b) => (a.design?.throughputMbps ?? 0) - (b.design?.throughputMbps ?? 0));
  const meets = (m: DeviceModel) => m.wanLines >= needLines
    && (m.design?.throughputMbps ?? 0) * DESIGN.gatewayUsableShare >= needMbps
    && (m.design?.sessions ?? 0) * DESIGN.gatewayUsableShare >= needSessions
    && wanted.every((f) => m.design?.functions?.includes(f));
  const fitting = gateways.filter(meets);
  const gateway = userGateway ?? (policy === 'performance' ? fitting[1] ?? fitting[0] : fitting[0]) ?? gateways[gateways.length - 1];
  const advice: string[] = [];
  if (gateway) {
    const g = gateway.design!;
    const ok = meets(gateway);
    const functions = wanted.length ? `; ${wanted.map((f) => GATEWAY_FUNCTION_LABELS[f]).join(', ')}${ok ? '' : ' asked for'}` : '';
    lines.unshift({
      type: 'gateway', model: gateway.model, quantity: 1,
      reason: `1 gateway: ${plural(needLines, 'line')} × ${fmt(req.gateway.bandwidthMbps)} Mbps = ${fmt(needMbps)} Mbps of ${fmt(g.throughputMbps ?? 0)} Mbps routed`
        + `, ${fmt(needSessions)} devices online of ${fmt(g.sessions ?? 0)} sessions, ${gateway.wanLines} WAN ports${functions}`
        + (ok ? '' : ' — the largest gateway in the catalogue, short of these needs'),
    });
    if (!ok) advice.push(`The needs exceed ${gateway.model}: split the site into several projects, or reduce the lines or bandwidth per line.`);
  }

  lines.push({ type: 'ap', model: ap.model, quantity: apCount, reason: apReason });

  // spec §5: the result keeps the limits, or the design is refused with the limit's code
  const limit = solutionLimitCode(lines);
  if (limit) {
    const line = lines.find((l) => limit.rule.endsWith(`.${l.type}`));
    throw new SolutionDesignError(limit.code, limit.rule, line
      ? `The design needs ${fmt(line.quantity)} × ${line.model}, more than a solution holds: split the site into several solutions`
      : 'The same model was chosen for two kinds of device');
  }

  // --- deployment advice and advantages ---------------------------------------------------------
  const perFloor = Math.ceil(apCount / floors);
  advice.unshift(
    `Mount the ${ap.model} APs at ${fmt(inputs.installHeightM, 1)} m, about ${perFloor} per floor, no more than ${fmt(apOption.cov.radiusM * Math.sqrt(3), 0)} m apart (√3 × the ${fmt(apOption.cov.radiusM, 1)} m cell radius) so neighbouring cells overlap for roaming.`,
    profile.wallLossDb >= 12
      ? `Walls here cost about ${profile.wallLossDb} dB each: put APs inside the rooms (every ${Math.max(1, Math.round((apOption.cov.radiusM * 2) / profile.wallSpacingM))} rooms) rather than in the corridor.`
      : `Walls here are light (${profile.wallLossDb} dB): ceiling mounting along the main aisles covers the space.`,
    'Use 5 GHz with 20 or 40 MHz channels and 2.4 GHz on channels 1, 6 and 11 only; let RF optimisation assign them after installation.',
  );
  if (access) advice.push(`Keep each AP and camera within 100 m of cable from its ${access.model}; plan one wiring closet per floor.`);
  if (cameras > 0) advice.push('Put the cameras on their own VLAN, apart from guest and staff Wi-Fi.');
  if (wanted.includes('captivePortal')) advice.push('Guests join through the captive portal on an isolated guest VLAN.');
  if (needLines > 1) advice.push(`Balance the ${needLines} broadband lines on the gateway's WAN ports (multi-WAN) so one line failing keeps the site online.`);

  const advantages = [
    `Every number is explained: ${bound === 'capacity' ? 'the AP count follows the clients online at once' : 'the AP count follows the signal at the install height through the walls'}, with the other bound shown beside it.`,
    `${Math.round((1 - DESIGN.poeUsableShare) * 100)} % PoE budget and ${Math.round((1 - DESIGN.gatewayUsableShare) * 100)} % gateway capacity kept free for growth.`,
    'Managed from the cloud console: no controller on site, zero-touch onboarding by serial number, firmware and RF optimisation from one place.',
    type === 'mesh' ? 'Mesh nodes join wirelessly: no cable to each AP.' : 'Wired backhaul to every AP: full Wi-Fi throughput in every cell.',
  ];

  const summary: RecommendSummary = {
    clients, concurrentClients: concurrent, areaM2: Math.round(area), areaPerApM2: Math.round(apOption.cov.areaM2),
    coverageRadiusM: apOption.cov.radiusM, apsForCoverage: apOption.forCoverage, apsForCapacity: apOption.forCapacity, bound,
    poeDrawW: Math.round(poeDraw * 10) / 10, poeBudgetW: poeBudget, poePorts, floors,
  };
  if (clientsFromGateway) advice.push(`Clients counted from the gateway needs (${fmt(clients)}), more than the spaces bring (${fmt(spaceClients)}).`);
  if (!areaGiven && area > 0) advice.push(`Area estimated at ${fmt(area)} m² from the spaces and corridors; give the real area for a closer count.`);
  return { lines, advice, advantages, summary };
}
