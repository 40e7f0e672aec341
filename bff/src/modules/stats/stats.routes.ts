// Handlers of contracts' statistics endpoints (API.stats): the access step (device.view) has run; a
// device outside the project is not found, whatever its history.
import { ErrorCode, type DeviceStats, type StatMetric } from '@airloom/contracts';
import type { Handlers } from '../../http/endpoints.js';
import { AppError } from '../../http/app-error.js';
import type { DevicesRepository } from '../devices/devices.repository.js';

const UNIT: Record<StatMetric, DeviceStats['unit']> = { cpu: '%', memory: '%', traffic: 'B/s', clients: 'clients' };

export function statsHandlers(devices: DevicesRepository): Handlers['stats'] {
  return {
    device: async (call) => {
      const { sn } = call.params;
      const { metric, window } = call.query;
      const row = await devices.find(sn);
      if (!row || row.projectId !== call.project().row.id) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      const series = await devices.series(sn, metric, window);
      return { metric, window, unit: UNIT[metric], ...series };
    },
  };
}
