// The floors tables (knex only, no rules): a floor's document and its plan image. JSON columns are
// parsed here (they come back as strings on SQLite, TOOLCHAIN).
import type { Floor, FloorAp, Wall } from '@airloom/contracts';
import type { Knex } from 'knex';

interface FloorRow {
  id: number;
  project_id: number;
  name: string;
  width: number;
  height: number;
  metres_per_pixel: number;
  walls_json: string;
  aps_json: string;
  image_bytes: number | null;
  revision: number;
  created_at: number;
  updated_at: number;
}

export interface FloorDocument {
  name: string;
  width: number;
  height: number;
  metresPerPixel: number;
  walls: Wall[];
  aps: FloorAp[];
}

/** the plan is stored in pieces of this many bytes (one statement each) */
const IMAGE_CHUNK = 256 * 1024;

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

function toFloor(r: FloorRow): Floor {
  return {
    id: Number(r.id),
    name: r.name,
    width: Number(r.width),
    height: Number(r.height),
    metresPerPixel: Number(r.metres_per_pixel),
    walls: json<Wall[]>(r.walls_json),
    aps: json<FloorAp[]>(r.aps_json),
    image: r.image_bytes === null ? null : { width: Number(r.width), height: Number(r.height), bytes: Number(r.image_bytes) },
    revision: Number(r.revision),
  };
}

function columns(doc: Partial<FloorDocument>): Partial<FloorRow> {
  const row: Partial<FloorRow> = {};
  if (doc.name !== undefined) row.name = doc.name;
  if (doc.width !== undefined) row.width = doc.width;
  if (doc.height !== undefined) row.height = doc.height;
  if (doc.metresPerPixel !== undefined) row.metres_per_pixel = doc.metresPerPixel;
  if (doc.walls !== undefined) row.walls_json = JSON.stringify(doc.walls);
  if (doc.aps !== undefined) row.aps_json = JSON.stringify(doc.aps);
  return row;
}

export function createFloorsRepository(db: Knex) {
  const floors = () => db<FloorRow>('floors');
  return {
    async list(projectId: number): Promise<Floor[]> {
      return ((await floors().where({ project_id: projectId }).orderBy('id', 'asc')) as FloorRow[]).map(toFloor);
    },
    async find(projectId: number, floorId: number): Promise<Floor | null> {
      const row = (await floors().where({ project_id: projectId, id: floorId }).first()) as FloorRow | undefined;
      return row ? toFloor(row) : null;
    },
    async count(projectId: number): Promise<number> {
      const row = (await floors().where({ project_id: projectId }).count({ n: '*' }).first()) as { n: number | string } | undefined;
      return Number(row?.n ?? 0);
    },
    async insert(projectId: number, doc: FloorDocument, now: number): Promise<number> {
      const [id] = await floors().insert({ project_id: projectId, ...columns(doc), image_bytes: null, revision: 1, created_at: now, updated_at: now } as FloorRow);
      return Number(id);
    },
    /** Writes the given fields and moves the revision on; false when the floor is not there. */
    async update(projectId: number, floorId: number, doc: Partial<FloorDocument>, now: number): Promise<boolean> {
      const row: Partial<FloorRow> = { ...columns(doc), updated_at: now };
      const n = await floors()
        .where({ project_id: projectId, id: floorId })
        .update({ ...row, revision: db.raw('revision + 1') } as unknown as FloorRow);
      return n > 0;
    },
    async remove(projectId: number, floorId: number): Promise<boolean> {
      return (await floors().where({ project_id: projectId, id: floorId }).delete()) > 0;
    },
    /** The new plan and the floor's new size and geometry, together or not at all. */
    async replaceImage(projectId: number, floorId: number, bytes: Buffer, doc: Partial<FloorDocument>, now: number): Promise<boolean> {
      return db.transaction(async (trx) => {
        const n = await trx<FloorRow>('floors')
          .where({ project_id: projectId, id: floorId })
          .update({ ...columns(doc), image_bytes: bytes.length, updated_at: now, revision: trx.raw('revision + 1') } as unknown as FloorRow);
        if (!n) return false;
        await trx('floor_images').where({ floor_id: floorId }).delete();
        for (let seq = 0; seq * IMAGE_CHUNK < bytes.length; seq++) {
          await trx('floor_images').insert({ floor_id: floorId, seq, bytes: bytes.subarray(seq * IMAGE_CHUNK, (seq + 1) * IMAGE_CHUNK) });
        }
        return true;
      });
    },
    async readImage(floorId: number): Promise<Buffer | null> {
      const rows = (await db('floor_images').where({ floor_id: floorId }).orderBy('seq', 'asc').select('bytes')) as { bytes: Buffer | Uint8Array }[];
      return rows.length ? Buffer.concat(rows.map((r) => Buffer.from(r.bytes))) : null;
    },
  };
}

export type FloorsRepository = ReturnType<typeof createFloorsRepository>;
