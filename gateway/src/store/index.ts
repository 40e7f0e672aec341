export {
  bindDevice,
  enqueueOperation,
  findDevice,
  findOperation,
  HISTORY_LENGTH,
  listProjectDevices,
  listUnverified,
  loadDevice,
  loadDeviceDetail,
  loadDeviceItem,
  projectDeviceSummary,
  unbindDevice,
  unbindProjectDevices,
} from './devices.js';
export { publishDeviceEvent, publishDevicesRemoved, publishOperationEvent } from './events.js';
export {
  DEVICE_ITEM_COLUMNS,
  EMPTY_REPORTED,
  parseReported,
  toDeviceDetail,
  toDeviceItem,
  toOperationItem,
  toReportedJson,
  type ReportedState,
} from './mapping.js';
export { registerDevices, type DeviceRegistration, type RegisteredDevice } from './registration.js';
export { UNFINISHED_OPERATION_STATES, type DeviceRow, type OperationRow, type StatusLogRow } from './rows.js';
export { diffBodies, PROJECT_SECTION, writeName, writeSection, type SectionWrite, type WrittenSection } from './config.js';
