// The Wi-Fi map's floors (spec §1, §5): the rules of a floor — how many a project has, that an AP
// bound on the map is a device of the project, that a plan is a jpg of at most 10 MB by its content —
// decided here; the repository only stores.
import {
  ErrorCode,
  FLOOR_LIMITS,
  LIMITS,
  apiRuleKey,
  isDeviceOnline,
  type Floor,
  type FloorCreateRequest,
  type FloorScan,
  type FloorUpdateRequest,
  FloorUpdateSchema,
  type NeighbourMeasurement,
} from '@airloom/contracts';
import type { Request } from 'express';
import { AppError } from '../../http/app-error.js';
import type { AuthorisedProject } from '../../http/project-access.js';
import { jpegInfo } from './jpeg.js';
import { boundaryOf, MultipartError, parseFilePart, readBody } from './multipart.js';
import type { FloorDocument, FloorsRepository } from './floors.repository.js';

/** What the predicted-versus-measured panel needs of the gateway's devices (its device directory). */
export interface FloorDevices {
  find(sn: string): Promise<{ projectId: number | null; status: number; type: string } | null>;
  enqueueOperation(input: { projectId: number; sn: string; kind: 'neighbourScan'; accountId: number }): Promise<{ id: number } | null>;
  announce(sn: string, options: { nudge?: boolean; operationId?: number }): Promise<void>;
  measurements(projectId: number, sns: readonly string[]): Promise<{ observerSn: string; sourceSn: string; band: string; rssiDbm: number; measuredAt: number }[]>;
}

export interface FloorsServiceDeps {
  repo: FloorsRepository;
  /** the project a device belongs to (null: no such device, or in no project) */
  projectOfDevice(sn: string): Promise<number | null>;
  devices?: FloorDevices;
  /** a stored change that could not be told to gateways and browsers */
  warn?: (err: unknown, sn: string) => void;
  clock?: () => number;
}

// the multipart envelope around a 10 MB file: headers and boundaries
const MULTIPART_OVERHEAD = 64 * 1024;

export function createFloorsService({ repo, projectOfDevice, devices, warn = () => undefined, clock = Date.now }: FloorsServiceDeps) {
  async function found(project: AuthorisedProject, floorId: number): Promise<Floor> {
    const floor = await repo.find(project.row.id, floorId);
    if (!floor) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    return floor;
  }

  return {
    async list(project: AuthorisedProject): Promise<{ items: Floor[] }> {
      return { items: await repo.list(project.row.id) };
    },

    async create(project: AuthorisedProject, body: FloorCreateRequest): Promise<Floor> {
      if ((await repo.count(project.row.id)) >= FLOOR_LIMITS.floorsPerProjectMax) {
        throw new AppError(ErrorCode.INVALID_PARAMS, { name: apiRuleKey('floorName', 'count') });
      }
      const doc: FloorDocument = {
        name: body.name.trim(),
        width: FLOOR_LIMITS.defaultWidthPx,
        height: FLOOR_LIMITS.defaultHeightPx,
        metresPerPixel: FLOOR_LIMITS.defaultMetresPerPixel,
        walls: [],
        aps: [],
      };
      const id = await repo.insert(project.row.id, doc, clock());
      return found(project, id);
    },

    async update(project: AuthorisedProject, floorId: number, body: FloorUpdateRequest): Promise<Floor> {
      await found(project, floorId);
      const parsed = FloorUpdateSchema.parse(body);
      // design → commissioning: an AP bound to a serial number must be a device of this project
      for (const ap of parsed.aps ?? []) {
        if (ap.sn && (await projectOfDevice(ap.sn)) !== project.row.id) throw new AppError(ErrorCode.DATA_NOT_FOUND, { aps: 'apiErrors.floors.floorOrDeviceNotFound' });
      }
      await repo.update(project.row.id, floorId, parsed, clock());
      return found(project, floorId);
    },

    async remove(project: AuthorisedProject, floorId: number): Promise<{ id: number }> {
      if (!(await repo.remove(project.row.id, floorId))) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return { id: floorId };
    },

    /**
     * A new plan: a jpg (by its content) of at most 10 MB (spec §5, §8 code 251). The floor takes the
     * image's size; what was drawn keeps its place on the floor in metres (geometry and scale follow).
     */
    async uploadImage(project: AuthorisedProject, floorId: number, req: Request): Promise<Floor> {
      const floor = await found(project, floorId);
      const boundary = boundaryOf(req.headers['content-type']);
      if (!boundary) {
        req.resume();
        throw new AppError(ErrorCode.INVALID_PARAMS, { file: 'apiErrors.floors.notJpeg' });
      }
      let data: Buffer;
      try {
        const body = await readBody(req, LIMITS.mapImageMaxBytes + MULTIPART_OVERHEAD);
        data = parseFilePart(body, boundary, 'file').data;
      } catch (err) {
        if (err instanceof MultipartError && err.reason === 'too-large') throw new AppError(ErrorCode.IMAGE_TOO_LARGE);
        if (err instanceof MultipartError) throw new AppError(ErrorCode.INVALID_PARAMS, { file: 'apiErrors.floors.notJpeg' });
        throw err;
      }
      if (data.length > LIMITS.mapImageMaxBytes) throw new AppError(ErrorCode.IMAGE_TOO_LARGE);
      const info = jpegInfo(data);
      if (!info) throw new AppError(ErrorCode.INVALID_PARAMS, { file: 'apiErrors.floors.notJpeg' });
      const sx = info.width / floor.width;
      const sy = info.height / floor.height;
      const doc: Partial<FloorDocument> = {
        width: info.width,
        height: info.height,
        // the floor's size in metres stays: a pixel of the new plan is that much smaller or larger
        metresPerPixel: floor.metresPerPixel / sx,
        walls: floor.walls.map((w) => ({ ...w, x1: w.x1 * sx, y1: w.y1 * sy, x2: w.x2 * sx, y2: w.y2 * sy })),
        aps: floor.aps.map((a) => ({ ...a, x: a.x * sx, y: a.y * sy })),
      };
      if (!(await repo.replaceImage(project.row.id, floorId, data, doc, clock()))) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return found(project, floorId);
    },

    /**
     * A neighbour scan on every AP bound on the floor that is online (a device operation through the
     * gateway's outbox, one per AP); offline APs, and APs whose previous scan is still running, are
     * listed as skipped. A bound device that left the project is left out.
     */
    async scan(project: AuthorisedProject, floorId: number): Promise<FloorScan> {
      const floor = await found(project, floorId);
      if (!devices) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      const out: FloorScan = { operations: [], skipped: [] };
      for (const sn of floor.aps.flatMap((a) => (a.sn ? [a.sn] : []))) {
        const device = await devices.find(sn);
        if (!device || device.projectId !== project.row.id) continue;
        if (!isDeviceOnline(device.status)) {
          out.skipped.push({ sn, reason: 'offline' });
          continue;
        }
        const operation = await devices.enqueueOperation({ projectId: project.row.id, sn, kind: 'neighbourScan', accountId: project.principal.accountId });
        if (!operation) {
          out.skipped.push({ sn, reason: 'scanning' });
          continue;
        }
        out.operations.push({ sn, operationId: operation.id });
        await devices.announce(sn, { nudge: true, operationId: operation.id }).catch((err: unknown) => warn(err, sn));
      }
      return out;
    },

    /** What the floor's bound APs heard of each other in their latest scans. */
    async measurements(project: AuthorisedProject, floorId: number): Promise<{ items: NeighbourMeasurement[] }> {
      const floor = await found(project, floorId);
      const sns = floor.aps.flatMap((a) => (a.sn ? [a.sn] : []));
      const rows = devices ? await devices.measurements(project.row.id, sns) : [];
      return {
        items: rows.map((r) => ({
          observerSn: r.observerSn,
          sourceSn: r.sourceSn,
          band: r.band === '5GHz' ? '5GHz' : '2.4GHz',
          rssiDbm: r.rssiDbm,
          measuredAt: new Date(r.measuredAt).toISOString(),
        })),
      };
    },

    async image(project: AuthorisedProject, floorId: number): Promise<Buffer> {
      await found(project, floorId);
      const bytes = await repo.readImage(floorId);
      if (!bytes) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return bytes;
    },
  };
}

export type FloorsService = ReturnType<typeof createFloorsService>;
