// Fixed paths of issue 4: /api/v1/projects/:id/devices[...] and /api/v1/devices/unverified.
import {
  DeviceAddRequestSchema,
  DeviceListQuerySchema,
  DeviceRenameRequestSchema,
  DeviceSnParamSchema,
  OperationRequestSchema,
  ProjectIdParamSchema,
  type DeviceAddRequest,
} from '@airloom/contracts';
import { Router, type Request } from 'express';
import { parseInput, sendData } from '../../http/envelope.js';
import { currentSession, requireSession } from '../../http/session.js';
import type { AuthService } from '../auth/auth.service.js';
import type { DevicesService } from './devices.service.js';

/** Serial numbers are case-insensitive on a label; stored upper case (docs/decisions.md). */
const upper = (sn: string) => sn.toUpperCase();

function params(req: Request): { id: number; sn: string } {
  const { id } = parseInput(ProjectIdParamSchema, req.params);
  const { sn } = parseInput(DeviceSnParamSchema, req.params);
  return { id, sn: upper(sn) };
}

export function createDevicesRouter(auth: AuthService, devices: DevicesService): Router {
  const router = Router();
  const session = requireSession(auth);
  const principal = (res: Parameters<typeof currentSession>[0]) => currentSession(res).principal;

  router.get('/projects/:id/devices', session, async (req, res) => {
    const { id } = parseInput(ProjectIdParamSchema, req.params);
    const query = parseInput(DeviceListQuerySchema, req.query);
    sendData(res, await devices.list(principal(res), id, query));
  });

  router.get('/projects/:id/devices/summary', session, async (req, res) => {
    const { id } = parseInput(ProjectIdParamSchema, req.params);
    sendData(res, await devices.summary(principal(res), id));
  });

  router.post('/projects/:id/devices', session, async (req, res) => {
    const { id } = parseInput(ProjectIdParamSchema, req.params);
    const input: DeviceAddRequest = parseInput(DeviceAddRequestSchema, req.body);
    sendData(res, await devices.add(principal(res), id, { ...input, sn: upper(input.sn) }), 201);
  });

  router.get('/projects/:id/devices/:sn', session, async (req, res) => {
    const { id, sn } = params(req);
    sendData(res, await devices.detail(principal(res), id, sn));
  });

  router.patch('/projects/:id/devices/:sn', session, async (req, res) => {
    const { id, sn } = params(req);
    const { name } = parseInput(DeviceRenameRequestSchema, req.body);
    sendData(res, await devices.rename(principal(res), id, sn, name));
  });

  router.delete('/projects/:id/devices/:sn', session, async (req, res) => {
    const { id, sn } = params(req);
    await devices.remove(principal(res), id, sn);
    sendData(res, null);
  });

  router.post('/projects/:id/devices/:sn/operations', session, async (req, res) => {
    const { id, sn } = params(req);
    const { kind } = parseInput(OperationRequestSchema, req.body);
    sendData(res, await devices.operate(principal(res), id, sn, kind), 202);
  });

  router.get('/devices/unverified', session, async (_req, res) => {
    const items = await devices.unverified(principal(res));
    sendData(res, { items, total: items.length });
  });

  return router;
}
