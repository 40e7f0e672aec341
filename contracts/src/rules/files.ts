// spec §5 "Names and files": what may be uploaded. Sizes are MiB; exactly the limit is accepted
// (codes 251/413 say "over 10 MB").
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { ruleKey } from './key.js';

type FileRule = 'importFile' | 'imageFile' | 'firmwareFile' | 'mapImage';

/** The lower-case extension of a file name without the dot ('' when there is none). */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

function fileRule(rule: FileRule, extensions: readonly string[], maxBytes: number) {
  const required = { error: ruleKey(rule, 'required') };
  return z
    .object({ name: z.string(required).min(1, required), size: z.number(required).int(required).min(0, required) }, required)
    .superRefine((f, ctx) => {
      const issue = (check: 'extension' | 'size' | 'empty', path: 'name' | 'size') =>
        ctx.addIssue({ code: 'custom', message: ruleKey(rule, check), path: [path], input: f });
      if (!extensions.includes(fileExtension(f.name))) issue('extension', 'name');
      if (f.size === 0) issue('empty', 'size');
      else if (f.size > maxBytes) issue('size', 'size');
    });
}

export const IMPORT_FILE_EXTENSIONS = ['xls', 'xlsx'] as const;
export const IMAGE_FILE_EXTENSIONS = ['jpg', 'png', 'jpeg', 'gif', 'bmp'] as const;
export const FIRMWARE_FILE_EXTENSIONS = ['bin'] as const;
export const MAP_IMAGE_EXTENSIONS = ['jpg', 'jpeg'] as const;

// spec §5: .xls or .xlsx following the template (the 500-device cap is checked on the content)
export const importFile = fileRule('importFile', IMPORT_FILE_EXTENSIONS, LIMITS.importFileMaxBytes);
// spec §5: jpg, png, jpeg, gif, bmp under 10 MB
export const imageFile = fileRule('imageFile', IMAGE_FILE_EXTENSIONS, LIMITS.imageMaxBytes);
// spec §5: firmware (bin) under 40 MB
export const firmwareFile = fileRule('firmwareFile', FIRMWARE_FILE_EXTENSIONS, LIMITS.firmwareMaxBytes);
// spec §5: map image jpg (5:3, 800 x 400 is a recommendation, not a rule)
export const mapImage = fileRule('mapImage', MAP_IMAGE_EXTENSIONS, LIMITS.mapImageMaxBytes);
