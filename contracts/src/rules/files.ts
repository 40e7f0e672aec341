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

/** the longest file name kept (what common file systems allow) */
export const STORED_FILE_NAME_MAX = 255;
// C0/C1 controls (NUL among them) and the bidirectional controls that make a name read otherwise
// than it is (U+202E shows "evil\u202Eexe.bin" as "evilnib.exe")
// eslint-disable-next-line no-control-regex
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name an uploaded file is kept and shown under (docs/uploads.md): its last path segment by
 * either separator (a browser may send a Windows path), without control or direction characters,
 * at most 255 characters with its extension kept. Only ever a label: no file is written under it.
 */
export function storedFileName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  const clean = last.replace(UNSHOWABLE, '').trim();
  const plain = clean === '.' || clean === '..' ? '' : clean;
  if (plain.length <= STORED_FILE_NAME_MAX) return plain;
  const ext = fileExtension(plain);
  // an extension longer than a short word is not one worth keeping whole
  const keep = ext && ext.length <= 16 ? `.${ext}` : '';
  return `${plain.slice(0, STORED_FILE_NAME_MAX - keep.length)}${keep}`;
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
