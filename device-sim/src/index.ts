// @airloom/device-sim — simulated devices that are real USP agents over MQTT.
export { Agent, FACTORY_ADMIN_PASSWORD, type AgentOptions, type AgentState, type AgentEvents } from './agent.js';
export { createFleet, type Fleet, type FleetOptions, type FleetStats } from './fleet.js';
export { cloudCodeFor, demoFleet, generateFleet, publicIpFor, SIM_OUI, type DeviceSpec } from './specs.js';
export { registerDevices, type RegisterOptions } from './register.js';
export { DataModel, type ModelChange } from './datamodel.js';
export { SimDevice } from './device.js';
export { CONFIG_TABLES, registerConfigTable, type AgentConfig } from './tr181.js';
export { deviceHistory, type HistoryPoint } from './history.js';
export { DEMO_HOTEL_AP_PLACES, DEMO_HOTEL_SITE, channelMhz, scanNeighbours, scanOutputArgs, type AirPeer, type ForeignNetwork, type HeardAp, type RfPlace, type RfSite } from './air.js';
export { DEVICE_EVENT_CODES, DEVICE_EVENT_SEVERITIES, type DeviceEvent, type DeviceEventCode, type DeviceEventSeverity } from './device-events.js';
export { hash32 } from './random.js';
