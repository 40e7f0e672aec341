// Onboarding (spec §1 add device, §5 import file): adding a device by its cloud code, the import
// template, and importing up to 500 devices from a spreadsheet. Every device goes through the one
// admission check of adding by SN (devices.service `admissible`); an import is stored whole or not
// at all unless the caller asks for the valid rows only.
import type { Writable } from 'node:stream';
import {
  ErrorCode,
  errorMessage,
  IMPORT_TEMPLATE_COLUMNS,
  ImportRowSchema,
  importFile,
  LIMITS,
  text,
  type DeviceAddByCodeRequest,
  type DeviceItem,
  type ImportQuery,
  type ImportResponse,
  type ImportRowResult,
} from '@airloom/contracts';
import type { DeviceDirectory } from '@airloom/gateway/public';
import type { Request } from 'express';
import { AppError } from '../../http/app-error.js';
import type { AuthorisedProject } from '../../http/project-access.js';
import { writeXlsx } from '../../http/xlsx.js';
import type { Logger } from '../../logger.js';
import type { DevicesService } from '../devices/devices.service.js';
import { boundaryOf, MultipartError, parseFilePart, readBody } from '../floors/multipart.js';
import { DEFAULT_SPREADSHEET_LIMITS, readSpreadsheet, SpreadsheetError } from './spreadsheet.js';

export interface OnboardingServiceDeps {
  devices: DevicesService;
  /** the gateway's device directory: cloud codes, and binding an import's devices in one transaction */
  directory: Pick<DeviceDirectory, 'snOfCloudCode' | 'bindMany'>;
  /** who the caller is in a change's history (the account's e-mail or phone) */
  actorOf(accountId: number): Promise<string | null>;
  logger: Logger;
}

// the multipart envelope around a 10 MB file: headers and boundaries
const MULTIPART_OVERHEAD = 64 * 1024;
const NOT_SPREADSHEET = { file: 'apiErrors.onboarding.notSpreadsheet' };

/** the sentence a refused row shows, by its code */
function rowMessage(code: number, sn: string): string {
  switch (code) {
    case ErrorCode.DATA_NOT_FOUND:
      return text('apiErrors.onboarding.registeredSnMissing');
    case ErrorCode.DATA_EXISTS:
      return text('apiErrors.onboarding.duplicateSn');
    case ErrorCode.ADD_DEVICE_FAILED:
      return text('apiErrors.devices.addRefused', { sn });
    case ErrorCode.DEVICE_MIXING:
    case ErrorCode.DEVICE_MIXING_88:
      return text('apiErrors.onboarding.mixing');
    default:
      return errorMessage(code);
  }
}

const cell = (row: readonly string[], i: number) => (row[i] ?? '').trim();

/** The uploaded file, checked by name and size with the form's rule (contracts importFile). */
async function uploadedFile(req: Request): Promise<Buffer> {
  const boundary = boundaryOf(req.headers['content-type']);
  if (!boundary) {
    req.resume();
    throw new AppError(ErrorCode.INVALID_PARAMS, NOT_SPREADSHEET);
  }
  let file: { fileName: string; data: Buffer };
  try {
    file = parseFilePart(await readBody(req, LIMITS.importFileMaxBytes + MULTIPART_OVERHEAD), boundary, 'file');
  } catch (err) {
    if (err instanceof MultipartError && err.reason === 'too-large') throw new AppError(ErrorCode.INVALID_PARAMS, { file: 'rules.importFile.size' });
    if (err instanceof MultipartError) throw new AppError(ErrorCode.INVALID_PARAMS, NOT_SPREADSHEET);
    throw err;
  }
  const checked = importFile.safeParse({ name: file.fileName, size: file.data.length });
  if (!checked.success) throw new AppError(ErrorCode.INVALID_PARAMS, { file: checked.error.issues[0]!.message });
  return file.data;
}

export function createOnboardingService(deps: OnboardingServiceDeps) {
  const { devices } = deps;
  return {
    async addByCode(project: AuthorisedProject, input: DeviceAddByCodeRequest): Promise<DeviceItem> {
      const sn = await deps.directory.snOfCloudCode(input.code);
      if (!sn) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return devices.add(project, { sn, ...(input.name !== undefined ? { name: input.name } : {}) });
    },

    /** the template: its header row only (an untouched template is "empty", 260) */
    async template(out: Writable): Promise<void> {
      const widths = [34, 20, 40];
      await writeXlsx(
        out,
        'Devices',
        IMPORT_TEMPLATE_COLUMNS.map((header, i) => ({ header, width: widths[i]! })),
        (async function* () {})(),
      );
    },

    async import(project: AuthorisedProject, req: Request, query: ImportQuery): Promise<ImportResponse> {
      const data = await uploadedFile(req);
      let sheet: string[][];
      try {
        // one row more than allowed tells "too many" apart from "just right"
        sheet = readSpreadsheet(data, { ...DEFAULT_SPREADSHEET_LIMITS, maxRows: LIMITS.serialsPerImportMax + 64 });
      } catch (err) {
        if (err instanceof SpreadsheetError) {
          deps.logger.info({ reason: err.message }, 'import file refused');
          throw new AppError(ErrorCode.INVALID_PARAMS, NOT_SPREADSHEET);
        }
        throw err;
      }
      // spec §5 "following the template": the header row reads SN, Name, Remark (any case); nothing beside it
      const header = sheet[0] ?? [];
      const blank = (row: readonly string[] | undefined) => !row || row.every((c) => c.trim() === '');
      if (blank(header) && sheet.every(blank)) throw new AppError(ErrorCode.EXCEL_TEMPLATE_EMPTY);
      const fits =
        IMPORT_TEMPLATE_COLUMNS.every((name, i) => cell(header, i).toLowerCase() === name.toLowerCase()) &&
        header.slice(IMPORT_TEMPLATE_COLUMNS.length).every((c) => c.trim() === '');
      if (!fits) throw new AppError(ErrorCode.EXCEL_TEMPLATE_WRONG);

      const entries = sheet.flatMap((row, i) => (i === 0 || blank(row) ? [] : [{ row: i + 1, cells: row }]));
      if (entries.length === 0) throw new AppError(ErrorCode.EXCEL_TEMPLATE_EMPTY);
      if (entries.length > LIMITS.serialsPerImportMax || sheet.length > LIMITS.serialsPerImportMax + 64) {
        throw new AppError(ErrorCode.INVALID_PARAMS, { file: 'apiErrors.onboarding.tooManyRows' });
      }

      // every row meets the rules of adding one device by SN
      const seen = new Set<string>();
      const rows: (ImportRowResult & { name?: string; remark?: string })[] = [];
      for (const { row, cells } of entries) {
        const raw = { sn: cell(cells, 0), name: cell(cells, 1), remark: cell(cells, 2) };
        const parsed = ImportRowSchema.safeParse({
          sn: raw.sn,
          ...(raw.name ? { name: raw.name } : {}),
          ...(raw.remark ? { remark: raw.remark } : {}),
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const field = issue.path[0] === 'name' || issue.path[0] === 'remark' ? issue.path[0] : 'sn';
          rows.push({ row, sn: raw.sn, code: ErrorCode.INVALID_PARAMS, message: text(issue.message), field });
          continue;
        }
        const { sn } = parsed.data;
        if (seen.has(sn)) {
          rows.push({ row, sn, code: ErrorCode.DATA_EXISTS, message: rowMessage(ErrorCode.DATA_EXISTS, sn), field: 'sn' });
          continue;
        }
        seen.add(sn);
        try {
          await devices.admissible(project, sn);
          rows.push({ row, sn, code: 0, message: '', field: null, ...(parsed.data.name ? { name: parsed.data.name } : {}), ...(parsed.data.remark ? { remark: parsed.data.remark } : {}) });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          rows.push({ row, sn, code: err.code, message: rowMessage(err.code, sn), field: null });
        }
      }

      const answer = (imported: number): ImportResponse => ({
        imported,
        rows: rows.map(({ row, sn, code, message, field }) => ({ row, sn, code, message, field })),
      });
      if (rows.some((r) => r.code !== 0) && !query.validOnly) return answer(0);

      // one transaction: the names are desired name sections as a rename writes them (the device is renamed)
      const admitted = rows.filter((r) => r.code === 0);
      const bound = await deps.directory.bindMany(project.row.id, admitted, await deps.actorOf(project.principal.accountId), !query.validOnly, (err) =>
        deps.logger.warn({ err, projectId: project.row.id }, 'imported devices stored but not all announced'),
      );
      // a device taken by another request since the check is refused like a bound one (asked again
      // when the whole import was undone, to tell which)
      for (const r of admitted) {
        if (bound?.includes(r.sn)) continue;
        const code = bound === null ? await devices.admissible(project, r.sn).then(() => 0, (err: unknown) => (err instanceof AppError ? err.code : ErrorCode.ADD_DEVICE_FAILED)) : ErrorCode.ADD_DEVICE_FAILED;
        r.code = code;
        r.message = code === 0 ? '' : rowMessage(code, r.sn);
      }
      if (bound === null) return answer(0);
      deps.logger.info({ projectId: project.row.id, imported: bound.length, rows: rows.length }, 'devices imported');
      return answer(bound.length);
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
