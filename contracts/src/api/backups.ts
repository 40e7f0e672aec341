// Configuration backups and restore points (spec §1, §3 backup, §4 sync states, §9 limits): a
// backup is a snapshot of the project's desired configuration sections with what each device had
// confirmed at that moment; a restore makes the backup's bodies the desired versions again through
// the configuration engine (ARCHITECTURE §7), so it is checked, applied and recorded like any change.
// WLAN projects only. docs/config-engine.md "Backups".
import { z } from 'zod';
import { BACKUP_TYPES } from '../domain/reports.js';
import { BACKUP_SYNC_STATES } from '../domain/states.js';
import { ErrorCode } from '../errors.js';
import { LIMITS } from '../limits.js';
import { serialNumber } from '../rules/names.js';
import { CONFIG_SECTIONS } from './config.js';
import { apiRuleKey } from './en-api-rules.js';
import { endpoint } from './endpoint.js';
import { ProjectIdParamSchema } from './projects.js';

/** the remark a person gives a backup (spec §3 "remarks") */
export const BACKUP_REMARK_MAX = 128;
/** the largest backup file accepted on upload */
export const BACKUP_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** the `format` of a downloaded backup file */
export const BACKUP_FILE_FORMAT = 'airloom-config-backup' as const;

export const BackupParamsSchema = ProjectIdParamSchema.extend({
  backupId: z
    .string({ error: apiRuleKey('backupId', 'format') })
    .regex(/^[1-9][0-9]{0,9}$/, { error: apiRuleKey('backupId', 'format') })
    .transform(Number),
});

const remark = z.string({ error: apiRuleKey('backupRemark', 'length') }).trim().max(BACKUP_REMARK_MAX, { error: apiRuleKey('backupRemark', 'length') });

export const CreateBackupSchema = z.object({
  type: z.enum(BACKUP_TYPES, { error: apiRuleKey('backupType', 'value') }),
  /** the device of a restore point (required for one, not allowed for a general backup) */
  sn: serialNumber.optional(),
  remark: remark.optional(),
});
export type CreateBackup = z.output<typeof CreateBackupSchema>;

export const UpdateBackupSchema = z.object({ remark });

/** one section in a backup: the desired body then, and the body its device had confirmed (null: none) */
export const BackupSectionSchema = z.object({
  /** the device the section belongs to; null for the project gateway's sections */
  sn: z.string().nullable(),
  section: z.enum(CONFIG_SECTIONS),
  version: z.number().int().min(0),
  body: z.record(z.string(), z.unknown()),
  /** what the device reported holding (the version it confirmed), null when it had confirmed none */
  reported: z.record(z.string(), z.unknown()).nullable(),
  reportedVersion: z.number().int().min(0),
});
export type BackupSection = z.output<typeof BackupSectionSchema>;

export const BackupDeviceSchema = z.object({ sn: z.string(), name: z.string(), type: z.string(), model: z.string(), mac: z.string() });

/** what a backup holds; also the `backup` of a downloaded file */
export const BackupSnapshotSchema = z.object({
  takenAt: z.string(),
  devices: z.array(BackupDeviceSchema),
  sections: z.array(BackupSectionSchema),
});
export type BackupSnapshot = z.output<typeof BackupSnapshotSchema>;

/** why a backup was taken (a restore point before a risky operation: spec §1 "reset, upgrade, restore") */
export const BACKUP_ORIGINS = ['manual', 'upload', 'before-restore', 'before-reset', 'before-upgrade', 'scheduled'] as const;
export type BackupOrigin = (typeof BACKUP_ORIGINS)[number];

export const BackupSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  type: z.enum(BACKUP_TYPES),
  fileName: z.string(),
  /** the associated device (a restore point's; a general backup's is null: every device) */
  sn: z.string().nullable(),
  model: z.string().nullable(),
  mac: z.string().nullable(),
  deviceType: z.string().nullable(),
  /** the snapshot's size in kB, two decimals (spec §3) */
  sizeKb: z.number(),
  /** UTC, ISO 8601 */
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  remark: z.string(),
  /**
   * spec §4, as Airloom means it (docs/decisions/config.md): synchronized = every device the backup
   * covers had confirmed holding exactly the backup's configuration; synchronizing = some was still
   * on its way to its device; failed = a device refused it or it was replaced before it arrived;
   * unsynchronized = uploaded from a file, never confirmed by the devices here.
   */
  syncState: z.enum(BACKUP_SYNC_STATES),
  /** why it was taken: by a person, from a file, by the schedule, or automatically before a restore, a factory reset or a firmware upgrade */
  origin: z.enum(BACKUP_ORIGINS),
  sectionCount: z.number().int(),
});
export type Backup = z.output<typeof BackupSchema>;

export const BackupListSchema = z.object({
  items: z.array(BackupSchema),
  /** spec §9: at most this many general backups per project */
  max: z.number().int(),
  /** spec §9: minutes between two backups */
  minIntervalMinutes: z.number().int(),
});
export type BackupList = z.output<typeof BackupListSchema>;

export const BackupDetailSchema = BackupSchema.extend({ snapshot: BackupSnapshotSchema });
export type BackupDetail = z.output<typeof BackupDetailSchema>;

/** a section compared: what is desired now → what the backup holds, field by field */
export const BackupDiffSectionSchema = z.object({
  sn: z.string().nullable(),
  section: z.enum(CONFIG_SECTIONS),
  /** the device it goes to now (a project section: the project's gateway; null while there is none) */
  target: z.string().nullable(),
  changes: z.array(z.object({ path: z.string(), old: z.unknown(), new: z.unknown() })),
});
/** a backed-up section a restore leaves alone: its device is no longer in the project (removed, or replaced and not named as the target) */
export const BackupSkippedSchema = z.object({ sn: z.string(), section: z.enum(CONFIG_SECTIONS) });
export type BackupSkipped = z.output<typeof BackupSkippedSchema>;
export const BackupDiffSchema = z.object({ sections: z.array(BackupDiffSectionSchema), skipped: z.array(BackupSkippedSchema) });
export type BackupDiff = z.output<typeof BackupDiffSchema>;

/** the devices a diff is for, as a restore would be asked (`?sns=SN1,SN2`; one other SN of the same model for a restore point: the RMA case) */
export const BackupDiffQuerySchema = z.object({
  sns: z
    .string({ error: apiRuleKey('backupRestore', 'devices') })
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(serialNumber).min(1, { error: apiRuleKey('backupRestore', 'devices') }).max(1000))
    .optional(),
});

export const RestoreBackupSchema = z.object({
  /** only these devices' sections (the gateway's SN also picks the project's gateway sections); a restore point to another SN of the same model is the RMA case */
  sns: z.array(serialNumber).min(1).max(1000).optional(),
  sections: z.array(z.enum(CONFIG_SECTIONS, { error: apiRuleKey('configSection', 'value') })).min(1).optional(),
  /** only these sections of these devices (sn null: the project gateway's sections), as the diff lists them; a free mix the restore dialog's checkboxes make */
  items: z
    .array(z.object({ sn: serialNumber.nullable(), section: z.enum(CONFIG_SECTIONS, { error: apiRuleKey('configSection', 'value') }) }))
    .min(1)
    .max(1000)
    .optional(),
});
export type RestoreBackup = z.output<typeof RestoreBackupSchema>;

export const RestoreResultSchema = z.object({
  /** the desired versions written; progress: `config` events of these, device status 7 → 1 */
  written: z.array(z.object({ sn: z.string().nullable(), section: z.enum(CONFIG_SECTIONS), version: z.number().int() })),
  /** sections left alone because they are desired as in the backup already */
  unchanged: z.number().int(),
  /** the restore points taken before writing (one per device touched) */
  restorePoints: z.array(z.number().int()),
  /** sections of devices no longer in the project, not written */
  skipped: z.array(BackupSkippedSchema),
});
export type RestoreResult = z.output<typeof RestoreResultSchema>;

/** a downloaded backup: its content and an HMAC-SHA256 of `JSON.stringify(backup)` by the console's key */
export const BackupFileSchema = z.object({
  format: z.literal(BACKUP_FILE_FORMAT, { error: apiRuleKey('backupFile', 'format') }),
  version: z.literal(1, { error: apiRuleKey('backupFile', 'format') }),
  projectId: z.number().int(),
  type: z.enum(BACKUP_TYPES),
  sn: z.string().nullable(),
  remark: z.string().max(BACKUP_REMARK_MAX),
  backup: BackupSnapshotSchema,
  signature: z.string({ error: apiRuleKey('backupFile', 'signature') }).regex(/^[0-9a-f]{64}$/, { error: apiRuleKey('backupFile', 'signature') }),
});
export type BackupFile = z.output<typeof BackupFileSchema>;

/** how often a project's configuration is backed up by itself (docs/config-engine.md "Scheduled backups") */
export const BACKUP_SCHEDULE_MODES = ['off', 'daily', 'weekly'] as const;
export type BackupScheduleMode = (typeof BACKUP_SCHEDULE_MODES)[number];
/** how many scheduled backups a new schedule keeps */
export const BACKUP_SCHEDULE_KEEP_DEFAULT = 14;
/** what the last scheduled run did: took a backup, skipped it (the 128 general backups are all a person's), or failed */
export const BACKUP_SCHEDULE_RESULTS = ['taken', 'skipped-full', 'failed'] as const;

const scheduleInt = (check: 'weekday' | 'hour' | 'keep', min: number, max: number) =>
  z
    .number({ error: apiRuleKey('backupSchedule', check) })
    .int({ error: apiRuleKey('backupSchedule', check) })
    .min(min, { error: apiRuleKey('backupSchedule', check) })
    .max(max, { error: apiRuleKey('backupSchedule', check) });

/**
 * A project's backup schedule: off, every day, or every week on `weekday` (0 = Sunday … 6 =
 * Saturday), at `hour`:00 in the project's time zone, keeping the newest `keep` scheduled backups
 * (spec §9: within the 128 general backups; a person's backups are never deleted by the schedule).
 */
export const BackupScheduleSchema = z.object({
  mode: z.enum(BACKUP_SCHEDULE_MODES, { error: apiRuleKey('backupSchedule', 'mode') }),
  weekday: scheduleInt('weekday', 0, 6),
  hour: scheduleInt('hour', 0, 23),
  keep: scheduleInt('keep', 1, LIMITS.generalBackupsPerProjectMax),
});
export type BackupSchedule = z.output<typeof BackupScheduleSchema>;

/** the schedule form: the choices as the controls hold them (text), checked with the same rules and answered as the request body */
export const BackupScheduleFormSchema = z
  .object({ mode: z.string(), weekday: z.string(), hour: z.string(), keep: z.string() })
  .superRefine((v, ctx) => {
    const typed = (text: string) => (/^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN);
    const checked = BackupScheduleSchema.safeParse({ mode: v.mode, weekday: typed(v.weekday), hour: typed(v.hour), keep: typed(v.keep) });
    if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  })
  .transform((v): BackupSchedule => ({ mode: v.mode as BackupScheduleMode, weekday: Number(v.weekday), hour: Number(v.hour), keep: Number(v.keep) }));
export type BackupScheduleFormInput = z.input<typeof BackupScheduleFormSchema>;

export const BackupScheduleViewSchema = BackupScheduleSchema.extend({
  /** the project's time zone the hour is in (spec §3 zone: '+8', 'Europe/Lisbon') */
  zone: z.string(),
  /** UTC, ISO 8601; null while the schedule is off */
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  lastResult: z.enum(BACKUP_SCHEDULE_RESULTS).nullable(),
  /** the backup the last run took */
  lastBackupId: z.number().int().nullable(),
});
export type BackupScheduleView = z.output<typeof BackupScheduleViewSchema>;

const tag = 'backups';
const wlanOnly = { code: ErrorCode.MESH_WLAN_CONFLICT, text: 'backups.wlanOnly' } as const;
const notFound = { code: ErrorCode.DATA_NOT_FOUND, text: 'backups.notFound' } as const;

export const backupEndpoints = {
  list: endpoint({
    method: 'get', path: '/projects/:id/backups', tag, auth: 'session', action: 'device.view',
    summary: "The project's general backups and restore points, newest first",
    params: ProjectIdParamSchema, response: BackupListSchema, errors: [wlanOnly],
  }),
  create: endpoint({
    method: 'post', path: '/projects/:id/backups', tag, auth: 'session', action: 'project.backup', status: 201,
    summary: 'Take a general backup (every section, every device) or a device\'s restore point (replacing its previous one)',
    params: ProjectIdParamSchema, body: CreateBackupSchema, response: BackupSchema,
    errors: [
      wlanOnly,
      { code: ErrorCode.BACKUP_INTERVAL, text: 'backups.interval' },
      { code: ErrorCode.INVALID_PARAMS, text: 'backups.limit' },
      { code: ErrorCode.DATA_NOT_FOUND, text: 'devices.notInProject' },
    ],
  }),
  // before /backups/:backupId
  schedule: endpoint({
    method: 'get', path: '/projects/:id/backups/schedule', tag, auth: 'session', action: 'device.view',
    summary: "The project's backup schedule, its next run and what the last run did",
    params: ProjectIdParamSchema, response: BackupScheduleViewSchema, errors: [wlanOnly],
  }),
  setSchedule: endpoint({
    method: 'put', path: '/projects/:id/backups/schedule', tag, auth: 'session', action: 'project.backup',
    summary: 'Back the configuration up every day or every week at an hour of the project\'s time zone, keeping the newest N scheduled backups; or stop',
    description: 'A run that was missed while no console was running is taken once when one runs again. The schedule deletes only its own oldest backups; when the 128 general backups are all a person\'s, a run is skipped and says so.',
    params: ProjectIdParamSchema, body: BackupScheduleSchema, response: BackupScheduleViewSchema, errors: [wlanOnly],
  }),
  upload: endpoint({
    method: 'post', path: '/projects/:id/backups/upload', tag, auth: 'session', action: 'project.backup', status: 201, bodyLimit: '2mb',
    summary: 'Store a downloaded backup file again: its signature must be this console\'s and every section must pass its schema',
    params: ProjectIdParamSchema, body: z.record(z.string(), z.unknown()), response: BackupSchema,
    errors: [wlanOnly, { code: ErrorCode.SIGNATURE, text: 'backups.tampered' }, { code: ErrorCode.INVALID_PARAMS, text: 'backups.badFile' }, { code: ErrorCode.INVALID_PARAMS, text: 'backups.limit' }],
  }),
  get: endpoint({
    method: 'get', path: '/projects/:id/backups/:backupId', tag, auth: 'session', action: 'device.view',
    summary: 'One backup with its snapshot',
    params: BackupParamsSchema, response: BackupDetailSchema, errors: [wlanOnly, notFound],
  }),
  update: endpoint({
    method: 'patch', path: '/projects/:id/backups/:backupId', tag, auth: 'session', action: 'project.backup',
    summary: "Change a backup's remark",
    params: BackupParamsSchema, body: UpdateBackupSchema, response: BackupSchema, errors: [wlanOnly, notFound],
  }),
  remove: endpoint({
    method: 'delete', path: '/projects/:id/backups/:backupId', tag, auth: 'session', action: 'project.backup',
    summary: 'Delete a backup',
    params: BackupParamsSchema, response: z.object({ id: z.number().int() }), errors: [wlanOnly, notFound],
  }),
  diff: endpoint({
    method: 'get', path: '/projects/:id/backups/:backupId/diff', tag, auth: 'session', action: 'device.view',
    summary: 'What a restore would change: per section, field by field, from what is desired now to what the backup holds',
    description: 'Sections of a device that is no longer in the project are listed as skipped. For a restore point, `sns` naming another device of the same model compares that device now with the backup (the RMA case).',
    params: BackupParamsSchema, query: BackupDiffQuerySchema, response: BackupDiffSchema,
    errors: [wlanOnly, notFound, { code: ErrorCode.INVALID_PARAMS, text: 'backups.sameModel' }],
  }),
  restore: endpoint({
    method: 'post', path: '/projects/:id/backups/:backupId/restore', tag, auth: 'session', action: 'project.backup',
    summary: 'Make the backup (whole, some devices, some sections) the desired configuration again; devices apply it (config events follow)',
    description: 'Every section is checked before anything is written: a refusal stores nothing. A restore point taken before writing keeps the way back.',
    params: BackupParamsSchema, body: RestoreBackupSchema, response: RestoreResultSchema,
    errors: [
      wlanOnly,
      notFound,
      { code: ErrorCode.INVALID_PARAMS, text: 'config.invalid' },
      { code: ErrorCode.DEVICE_OFFLINE, text: 'config.offline' },
      { code: ErrorCode.LOCAL_MODE, text: 'devices.localMode' },
      { code: ErrorCode.ONE_GATEWAY_PER_PROJECT, text: 'config.oneGateway' },
      { code: ErrorCode.PROJECT_RF_OPTIMISING, text: 'config.rfRunning' },
    ],
  }),
  download: endpoint({
    method: 'get', path: '/projects/:id/backups/:backupId/download', tag, auth: 'session', action: 'project.backup', raw: true,
    summary: 'The backup as a signed JSON file (HMAC-SHA256 by the console\'s key); an edited file is refused on upload',
    params: BackupParamsSchema, response: BackupFileSchema, errors: [wlanOnly, notFound],
  }),
} as const;
