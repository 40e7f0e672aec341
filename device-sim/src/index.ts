// @airloom/device-sim — simulated devices that are real USP agents over MQTT.
export { Agent, type AgentOptions, type AgentState, type AgentEvents } from './agent.js';
export { createFleet, type Fleet, type FleetOptions, type FleetStats } from './fleet.js';
export { demoFleet, generateFleet, publicIpFor, SIM_OUI, type DeviceSpec } from './specs.js';
export { registerDevices, type RegisterOptions } from './register.js';
export { DataModel, type ModelChange } from './datamodel.js';
export { SimDevice } from './device.js';
export { CONFIG_TABLES, registerConfigTable, type AgentConfig } from './tr181.js';
export { deviceHistory, type HistoryPoint } from './history.js';
