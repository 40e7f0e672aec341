// The name an uploaded file is kept and shown under (docs/uploads.md): server-side only, so it stays
// out of contracts' browser singleton.
import { fileExtension } from '@airloom/contracts';

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
