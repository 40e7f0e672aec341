// Firmware images and upgrade downloads (docs/maintenance.md "Firmware"). An upload is refused from
// its declared size before its body is kept (spec §9: under 40 MB) and from its first bytes when they
// are not the firmware header (docs/devices.md): a zip or a program renamed .bin never reaches the
// disk. An accepted image is written under its SHA-256 (a temporary name renamed once complete, so
// a refusal or a crash leaves no half file). Each upgrade gets a download: a random token in the
// URL the device fetches, valid while the operation runs and until its lifetime ends.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync } from 'node:fs';
import { rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import type { Request } from 'express';
import type { Knex } from 'knex';
import {
  checkFirmwareHeader,
  ErrorCode,
  FIRMWARE_HEADER,
  FIRMWARE_RELEASES,
  firmwareHeader,
  firmwareReleasesOf,
  LIMITS,
  operationLifetimeMs,
  recommendedFirmware,
  rules,
  type FirmwareImage,
  type FirmwareListResponse,
  type FirmwareRelease,
} from '@airloom/contracts';
import { DEVICE_MODELS } from '@airloom/contracts/config';
import type { FirmwareDownloadInput } from '@airloom/gateway/public';
import { AppError } from '../../http/app-error.js';
import type { AuthorisedProject } from '../../http/project-access.js';
import { boundaryOf, MultipartError, parseFilePart, readBody } from '../floors/multipart.js';
import { storedFileName } from './stored-file-name.js';

/** the multipart envelope around the file: part headers and boundaries */
const MULTIPART_OVERHEAD = 64 * 1024;
const TOKEN_BYTES = 24;

interface ImageRow {
  id: number;
  project_id: number;
  model: string;
  version: string;
  size: number;
  sha256: string;
  file_name: string;
  created_at: number;
}

export interface FirmwareServiceDeps {
  db: Knex;
  /** where images are kept (DATA_DIR/firmware) */
  dir: string;
  clock: () => number;
  /** the console's address as devices reach it (PUBLIC_URL); else the address the upgrade was asked on */
  publicUrl?: string | undefined;
}

const invalid = () => new AppError(ErrorCode.FIRMWARE_FILE_INVALID);

/** Where the file part's bytes start in what has arrived so far, or null while its headers are incomplete. */
function filePartStart(head: Buffer, boundary: string): number | null {
  let at = head.indexOf(`--${boundary}`);
  while (at >= 0) {
    const headerEnd = head.indexOf('\r\n\r\n', at);
    if (headerEnd < 0) return null;
    const headers = head.subarray(at, headerEnd).toString('latin1');
    if (/\bname="file"/i.test(headers) && /\bfilename="/i.test(headers)) return headerEnd + 4;
    at = head.indexOf(`\r\n--${boundary}`, headerEnd);
    if (at >= 0) at += 2;
  }
  return null;
}

function toImage(row: ImageRow): FirmwareImage {
  return {
    id: Number(row.id),
    model: row.model,
    version: row.version,
    size: Number(row.size),
    sha256: row.sha256,
    fileName: row.file_name,
    uploadedAt: new Date(Number(row.created_at)).toISOString(),
  };
}

/**
 * The bytes of a catalogue release's image: the header, then a payload derived from model and
 * version, of the catalogue's size (the catalogue's sha256 is theirs: firmware.test.ts checks it).
 */
export function catalogueImageBytes(release: Pick<FirmwareRelease, 'model' | 'version' | 'size'>): Buffer {
  const { model, version } = release;
  const payloadBytes = release.size - FIRMWARE_HEADER.size;
  const block = Buffer.alloc(64 * 1024);
  for (let i = 0, seed = createHash('sha256').update(`${model}@${version}`).digest(); i < block.length; i += 32) {
    seed = createHash('sha256').update(seed).digest();
    seed.copy(block, i);
  }
  const data = Buffer.alloc(release.size);
  Buffer.from(firmwareHeader(model, version, payloadBytes)).copy(data, 0);
  for (let at = FIRMWARE_HEADER.size; at < data.length; at += block.length) block.copy(data, at, 0, Math.min(block.length, data.length - at));
  return data;
}

export function createFirmwareService(deps: FirmwareServiceDeps) {
  const { db, dir, clock } = deps;
  const catalogueSums = new Map<string, { file: string; sha256: string; size: number }>();

  const imagePath = (sha256: string) => path.join(dir, `${sha256}.bin`);

  /**
   * The image file of a catalogue release, written the first time it is needed, so the simulator's
   * devices download a real image of the catalogue's size and checksum.
   */
  async function catalogueImage(model: string, version: string): Promise<{ file: string; sha256: string; size: number }> {
    const key = `${model}@${version}`;
    const known = catalogueSums.get(key);
    if (known && existsSync(known.file)) return known;
    const release = FIRMWARE_RELEASES.find((r) => r.model === model && r.version === version);
    if (!release) throw new AppError(ErrorCode.INVALID_PARAMS, { version: 'apiErrors.firmware.unknownVersion' });
    const data = catalogueImageBytes(release);
    const sha256 = createHash('sha256').update(data).digest('hex');
    // the catalogue publishes the checksum; an image that does not match it is never sent
    if (sha256 !== release.sha256) throw new Error(`catalogue image ${key}: built ${sha256}, the catalogue says ${release.sha256}`);
    mkdirSync(path.join(dir, 'catalogue'), { recursive: true });
    const file = path.join(dir, 'catalogue', `${model}-${version}.bin`);
    const temp = `${file}.${randomBytes(4).toString('hex')}.part`;
    await writeFile(temp, data);
    await rename(temp, file);
    const entry = { file, sha256, size: data.length };
    catalogueSums.set(key, entry);
    return entry;
  }

  return {
    async list(project: AuthorisedProject): Promise<FirmwareListResponse> {
      const rows = (await db('firmware_images').where({ project_id: project.row.id }).orderBy('created_at', 'desc')) as ImageRow[];
      const models = DEVICE_MODELS.map((m) => ({
        model: m.model,
        recommended: recommendedFirmware(m.model)?.version ?? null,
        releases: firmwareReleasesOf(m.model).map(({ version, released, notes, size, sha256 }) => ({ version, released, notes, size, sha256 })),
      })).filter((m) => m.releases.length > 0);
      return { models, images: rows.map(toImage) };
    },

    /** multipart/form-data, one part `file` (docs/maintenance.md "Firmware images") */
    async upload(project: AuthorisedProject, req: Request, accountId: number): Promise<FirmwareImage> {
      const boundary = boundaryOf(req.headers['content-type']);
      if (!boundary) {
        req.resume();
        throw invalid();
      }
      const tail = `\r\n--${boundary}--\r\n`.length;
      let part;
      try {
        const body = await readBody(req, LIMITS.firmwareMaxBytes + MULTIPART_OVERHEAD, {
          // the first bytes of the file decide: not the firmware header, or a file part declared 40 MB
          // or more (one part `file`: what follows its headers is the file and the closing boundary)
          check(head, declared) {
            const start = filePartStart(head, boundary);
            // the file part starts within the envelope's allowance, or the body is not one file
            if (start === null) return head.length > MULTIPART_OVERHEAD ? false : null;
            if (declared !== null && declared - start - tail >= LIMITS.firmwareMaxBytes) return false;
            if (head.length < start + FIRMWARE_HEADER.size) return null;
            return head.subarray(start, start + 4).toString('latin1') === FIRMWARE_HEADER.magic && head[start + 4] === FIRMWARE_HEADER.format;
          },
        });
        part = parseFilePart(body, boundary, 'file');
      } catch (err) {
        if (err instanceof MultipartError) throw invalid();
        throw err;
      }
      const data = part.data;
      if (!rules.firmwareFile.safeParse({ name: part.fileName, size: data.length }).success) throw invalid();
      const header = checkFirmwareHeader(data.subarray(0, FIRMWARE_HEADER.size), data.length);
      if (!header.ok || !DEVICE_MODELS.some((m) => m.model === header.model)) throw invalid();
      const sha256 = createHash('sha256').update(data).digest('hex');
      mkdirSync(dir, { recursive: true });
      const file = imagePath(sha256);
      if (!existsSync(file)) {
        const temp = path.join(dir, `.upload-${randomBytes(6).toString('hex')}.part`);
        try {
          await writeFile(temp, data);
          await rename(temp, file);
        } catch (err) {
          await unlink(temp).catch(() => undefined);
          throw err;
        }
      }
      // a label only (the image is kept under its SHA-256): no path, controls or direction marks
      const fileName = storedFileName(part.fileName);
      const [id] = await db('firmware_images').insert({
        project_id: project.row.id, model: header.model, version: header.version, size: data.length, sha256, file_name: fileName,
        created_by_account_id: accountId, created_at: clock(),
      });
      return toImage((await db('firmware_images').where({ id: Number(id) }).first()) as ImageRow);
    },

    async remove(project: AuthorisedProject, imageId: number): Promise<{ id: number }> {
      const row = (await db('firmware_images').where({ id: imageId, project_id: project.row.id }).first()) as ImageRow | undefined;
      if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      await db('firmware_images').where({ id: imageId }).delete();
      // the file stays while another project's image or an upgrade under way still needs it
      const used = await db('firmware_images').where({ sha256: row.sha256 }).first('id');
      const pending = await db('firmware_downloads').where({ sha256: row.sha256 }).andWhere('expires_at', '>', clock()).first('token');
      if (!used && !pending) await unlink(imagePath(row.sha256)).catch(() => undefined);
      return { id: imageId };
    },

    /**
     * What the device of an upgrade downloads: a catalogue version of its model, or an image uploaded
     * to the project for its model (another model's: 912). The URL carries a fresh token.
     */
    async downloadFor(project: AuthorisedProject, device: { model: string }, target: { version?: string | undefined; imageId?: number | undefined }, origin: string): Promise<FirmwareDownloadInput> {
      let image: { model: string; version: string; size: number; sha256: string; imageId: number | null };
      if (target.imageId !== undefined) {
        const row = (await db('firmware_images').where({ id: target.imageId, project_id: project.row.id }).first()) as ImageRow | undefined;
        if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND);
        if (row.model !== device.model) throw new AppError(ErrorCode.FIRMWARE_FILE_INVALID);
        image = { model: row.model, version: row.version, size: Number(row.size), sha256: row.sha256, imageId: Number(row.id) };
      } else {
        const release = FIRMWARE_RELEASES.find((r) => r.model === device.model && r.version === target.version);
        if (!release) throw new AppError(ErrorCode.INVALID_PARAMS, { version: 'apiErrors.firmware.unknownVersion' });
        const built = await catalogueImage(release.model, release.version);
        image = { model: release.model, version: release.version, size: built.size, sha256: built.sha256, imageId: null };
      }
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      const base = (deps.publicUrl ?? origin).replace(/\/+$/, '');
      return { token, url: `${base}/api/v1/firmware/download/${token}`, ...image, expiresAt: clock() + operationLifetimeMs('upgrade') };
    },

    /** GET /firmware/download/:token: the image, to whoever holds an unexpired token of an upgrade under way */
    async serve(token: string, res: ServerResponse): Promise<void> {
      const now = clock();
      const row = (await db('firmware_downloads as f')
        .join('operations as o', 'o.id', 'f.operation_id')
        .where('f.token', token)
        .andWhere('f.expires_at', '>', now)
        .whereIn('o.state', ['sent', 'running'])
        .first('f.token', 'f.model', 'f.version', 'f.image_id', 'f.sha256', 'f.size')) as
        | { token: string; model: string; version: string; image_id: number | null; sha256: string; size: number }
        | undefined;
      if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      const file = row.image_id !== null ? imagePath(row.sha256) : (await catalogueImage(row.model, row.version)).file;
      const size = (await stat(file).catch(() => null))?.size;
      if (size === undefined) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      await db('firmware_downloads').where({ token }).update({ fetched_at: now });
      // plain node:http calls, so the same answer serves Express and a bare server (the bench)
      res.statusCode = 200;
      res.setHeader('Content-Type', 'application/octet-stream');
      res.setHeader('Content-Length', String(size));
      res.setHeader('Cache-Control', 'no-store');
      await new Promise<void>((resolve) => {
        const stream = createReadStream(file);
        stream.on('error', () => {
          res.destroy();
          resolve();
        });
        res.on('close', () => resolve());
        stream.pipe(res);
      });
    },
  };
}

export type FirmwareService = ReturnType<typeof createFirmwareService>;
