// spec §1 remote web management, spec §3 states: disabled, opening (getting the address), opened,
// failed. The device is asked with the operation kind `remote-web` (api/devices.ts); these endpoints
// read where the caller's tunnel to a device stands and close it (docs/maintenance.md).
import { z } from 'zod';
import { ErrorCode } from '../errors.js';
import { DeviceParamsSchema } from './devices.js';
import { endpoint } from './endpoint.js';

export const REMOTE_WEB_STATES = ['disabled', 'opening', 'opened', 'failed'] as const;
export type RemoteWebState = (typeof REMOTE_WEB_STATES)[number];

/** GET /projects/:id/devices/:sn/remote-web */
export const RemoteWebStatusSchema = z.object({
  state: z.enum(REMOTE_WEB_STATES),
  /** the operation that asked the device to open the tunnel; null when none was asked */
  operationId: z.number().int().nullable(),
  /** UTC, ISO 8601: when the link stops working; null when disabled */
  expiresAt: z.string().nullable(),
  /**
   * spec §8 320–326 when it failed or was closed: 320 failed, 321 remote login timeout, 322 closed
   * after the idle time, 323 time limit reached, 324 device offline (docs/decisions/maintenance.md)
   */
  code: z.number().int().nullable(),
});
export type RemoteWebStatus = z.output<typeof RemoteWebStatusSchema>;

const tag = 'devices';
const notInProject = { code: ErrorCode.DATA_NOT_FOUND, text: 'devices.notInProject' } as const;

/** ARCHITECTURE §4: the remote web endpoints, declared once (endpoint.ts). */
export const remoteWebEndpoints = {
  status: endpoint({
    method: 'get', path: '/projects/:id/devices/:sn/remote-web', tag, auth: 'session', action: 'device.view',
    summary: "Where the caller's remote web tunnel to the device stands: disabled, opening, opened or failed (with 320–326)",
    description: 'The link itself is given once, in the answer of the `remote-web` operation; this answer never repeats it.',
    params: DeviceParamsSchema, response: RemoteWebStatusSchema, errors: [notInProject],
  }),
  close: endpoint({
    method: 'delete', path: '/projects/:id/devices/:sn/remote-web', tag, auth: 'session', action: 'device.view',
    summary: "Close the caller's remote web tunnel to the device: its link stops working at once",
    params: DeviceParamsSchema, response: RemoteWebStatusSchema, errors: [notInProject],
  }),
};
