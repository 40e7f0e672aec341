// Statistics (docs/data.md): a device's series, its radios and ports, the project's series and the
// online statistics. The access step (device.view) has run; a device outside the project is not
// found, whatever its history.
import { ErrorCode, type DeviceStats, type IfaceMetric, type InterfaceStats, type OnlineStats, type StatMetric, type StatWindow } from '@airloom/contracts';
import { AppError } from '../../http/app-error.js';
import type { DevicesRepository } from '../devices/devices.repository.js';

const UNIT: Record<StatMetric, DeviceStats['unit']> = { cpu: '%', memory: '%', traffic: 'B/s', clients: 'clients' };
const IFACE_UNIT: Record<IfaceMetric, InterfaceStats['unit']> = { traffic: 'B/s', clients: 'clients', noise: 'dBm', utilisation: '%' };

export function createStatsService(devices: DevicesRepository) {
  async function ownDevice(projectId: number, sn: string): Promise<void> {
    const row = await devices.find(sn);
    if (!row || row.projectId !== projectId) throw new AppError(ErrorCode.DATA_NOT_FOUND);
  }

  /** the devices' names and models beside their figures; a device gone meanwhile is left out */
  async function named(list: { sn: string; value: number }[]) {
    const items = await Promise.all(list.map((x) => devices.item(x.sn)));
    return list.flatMap((x, i) => {
      const item = items[i];
      return item ? [{ sn: x.sn, name: item.name, model: item.model, value: x.value }] : [];
    });
  }

  return {
    async device(projectId: number, sn: string, metric: StatMetric, window: StatWindow): Promise<DeviceStats> {
      await ownDevice(projectId, sn);
      return { metric, window, unit: UNIT[metric], ...(await devices.series(sn, metric, window)) };
    },
    async interfaces(projectId: number, sn: string, metric: IfaceMetric, window: StatWindow): Promise<InterfaceStats> {
      await ownDevice(projectId, sn);
      return { metric, window, unit: IFACE_UNIT[metric], ...(await devices.interfaceSeries(sn, metric, window)) };
    },
    async project(projectId: number, metric: StatMetric, window: StatWindow): Promise<DeviceStats> {
      return { metric, window, unit: UNIT[metric], ...(await devices.projectSeries(projectId, metric, window)) };
    },
    async online(projectId: number, window: StatWindow): Promise<OnlineStats> {
      const [top, signal, clients] = await Promise.all([
        devices.topDevices(projectId, window),
        devices.signalBuckets(projectId),
        devices.projectSeries(projectId, 'clients', window),
      ]);
      return {
        window,
        topClients: await named(top.clients),
        topThroughput: await named(top.throughput),
        signal,
        clients: { metric: 'clients', window, unit: 'clients', ...clients },
      };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
