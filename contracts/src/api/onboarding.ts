// Onboarding (spec §1 "add device", §5 import file): adding a device by the cloud code printed on
// it, the import template, and importing up to 500 devices from an .xlsx or .xls file. Each row of
// an import meets the same rules as adding one device by SN (DeviceAddRequestSchema, the mixing
// rule of domain/onboarding.ts, the registration and binding checks of the service).
import { z } from 'zod';
import { ErrorCode } from '../errors.js';
import { cloudCode, name, remark } from '../rules/names.js';
import { DeviceAddRequestSchema, DeviceItemSchema } from './devices.js';
import { endpoint } from './endpoint.js';
import { ProjectIdParamSchema } from './projects.js';

/** One row of an import file as it is checked: the fields of adding one device by SN, plus a remark. */
export const ImportRowSchema = DeviceAddRequestSchema.extend({ remark: remark.optional() });
export type ImportRow = z.output<typeof ImportRowSchema>;

/** POST /projects/:id/devices/by-code — add a device by the cloud code on its label */
export const DeviceAddByCodeRequestSchema = z.object({ code: cloudCode, name: name.optional() });
export type DeviceAddByCodeRequest = z.output<typeof DeviceAddByCodeRequestSchema>;

/** `?validOnly=1`: import the valid rows and leave the others (otherwise one bad row stops the import) */
export const ImportQuerySchema = z.object({
  validOnly: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});
export type ImportQuery = z.output<typeof ImportQuerySchema>;

export const ImportRowResultSchema = z.object({
  /** the row number as a spreadsheet shows it (the header is row 1, the first device row 2) */
  row: z.number().int().min(2),
  /** the SN as written in the file (upper case when it is a valid SN) */
  sn: z.string(),
  /** 0: imported (or importable, when nothing was imported); otherwise the spec's code refusing the row */
  code: z.number().int(),
  /** the sentence a person reads for a refused row; '' for a good one */
  message: z.string(),
  /** the column a format error is in (sn, name, remark), else null */
  field: z.enum(['sn', 'name', 'remark']).nullable(),
});
export type ImportRowResult = z.output<typeof ImportRowResultSchema>;

export const ImportResponseSchema = z.object({
  /** devices added to the project by this request */
  imported: z.number().int().min(0),
  /** the file's device rows (every one, in order) with their outcome */
  rows: z.array(ImportRowResultSchema),
});
export type ImportResponse = z.output<typeof ImportResponseSchema>;

const tag = 'onboarding';
const templateErrors = [
  { code: ErrorCode.EXCEL_TEMPLATE_WRONG, text: 'onboarding.templateWrong' },
  { code: ErrorCode.EXCEL_TEMPLATE_EMPTY, text: 'onboarding.templateEmpty' },
] as const;

/** ARCHITECTURE §4: the onboarding endpoints, declared once (endpoint.ts). */
export const onboardingEndpoints = {
  addByCode: endpoint({
    method: 'post', path: '/projects/:id/devices/by-code', tag, auth: 'session', action: 'device.add', status: 201,
    summary: 'Add a registered device to the project by the cloud code printed on its label (XXXX-XXXX)',
    description: 'The same refusals as adding by SN: 411 for a code no manufacturer registered, 167 for a device already in a project or sold to another account, 87/88 for cable-free and traditional mixing.',
    params: ProjectIdParamSchema, body: DeviceAddByCodeRequestSchema, response: DeviceItemSchema,
    errors: [
      { code: ErrorCode.DATA_NOT_FOUND, text: 'onboarding.codeNotRegistered' },
      { code: ErrorCode.ADD_DEVICE_FAILED, text: 'onboarding.codeTaken' },
      { code: ErrorCode.DEVICE_MIXING, text: 'onboarding.mixing' },
      { code: ErrorCode.DEVICE_MIXING_88, text: 'onboarding.mixing' },
    ],
  }),
  template: endpoint({
    method: 'get', path: '/devices/import-template.xlsx', tag, auth: 'session', raw: true,
    summary: 'The import template: an .xlsx with the header row SN, Name, Remark (and one example row to overwrite)',
    response: z.string().meta({ description: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  }),
  import: endpoint({
    method: 'post', path: '/projects/:id/devices/import', tag, auth: 'session', action: 'device.add',
    summary: 'Import up to 500 devices from an .xlsx or .xls file made from the template (multipart/form-data, one part `file`, at most 10 MB)',
    description:
      'The file is checked by its content (an .xlsx is a zip of a workbook, an .xls an OLE2 compound file), within limits on its unpacked size. ' +
      'A header row other than SN, Name, Remark answers 258, a template without device rows 260, over 500 rows 400. ' +
      'Every row meets the rules of adding one device by SN; `rows` gives each row number with its code (0 = fine). ' +
      'Unless `validOnly=1`, one refused row means nothing is imported (`imported` 0).',
    params: ProjectIdParamSchema, query: ImportQuerySchema, response: ImportResponseSchema,
    errors: [
      ...templateErrors,
      { code: ErrorCode.INVALID_PARAMS, text: 'onboarding.notSpreadsheet' },
    ],
  }),
};
