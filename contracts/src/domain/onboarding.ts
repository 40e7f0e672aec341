// spec §1, §8: which devices a project may take. A cable-free (mesh) project holds mesh nodes only; a
// traditional project holds everything else (codes 87, 88; docs/decisions/devices.md says which
// code answers which case). One rule for adding by SN, by cloud code and by import.
import { ErrorCode } from '../errors.js';
import type { DeviceType } from './device.js';
import { NetMode } from './project.js';

/** The spec's code refusing a device of this type in a project of this netMode, or null when it fits. */
export function deviceMixingCode(netMode: number, type: DeviceType): number | null {
  const cableFree = type === 'mesh';
  if (netMode === NetMode.MESH && !cableFree) return ErrorCode.DEVICE_MIXING_88;
  if (netMode !== NetMode.MESH && cableFree) return ErrorCode.DEVICE_MIXING;
  return null;
}

/** The import template's columns, in order (spec §5 "following the template"): the header row must read so. */
export const IMPORT_TEMPLATE_COLUMNS = ['SN', 'Name', 'Remark'] as const;
