// Abusive uploads, one list for the integration test (upload-abuse.int.test.ts: codes, nothing
// stored, no temp file) and the `uploads` benchmark (time to the refusal, memory of the server):
// every endpoint that takes a file or a large body (docs/uploads.md), each sent over-size, of the
// wrong type by its content, as a compression bomb and under a hostile file name. Bodies are
// streamed in 64 KB chunks, never held whole, so the sender's memory stays small.
import http from 'node:http';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { BACKUP_FILE_MAX_BYTES, ErrorCode, firmwareHeader, LIMITS } from '@airloom/contracts';

const KIB = 1024;
const MIB = 1024 * KIB;
const CHUNK = 64 * KIB;

/** What a case needs of the running console: who calls, and on what. */
export interface AbuseContext {
  /** the session cookie of a project owner (`name=value`) */
  cookie: string;
  /** a WLAN project of that owner, with one floor */
  projectId: number;
  floorId: number;
  /** the manufacturer API key (AIRLOOM_MANUFACTURER_KEY) */
  manufacturerKey: string;
}

export interface AbuseRequest {
  method: 'POST' | 'PUT';
  /** from the site root: `/api/v1/…` or `/remote/…` */
  path: string;
  headers: Record<string, string>;
  /** the bytes, produced as they are sent */
  body(): Iterable<Buffer>;
  /** the declared Content-Length; absent: chunked */
  contentLength?: number;
  /**
   * stop after the body's bytes without ending the request: a Content-Length that lies, or a chunked
   * body that never ends (an answer then shows the refusal did not wait for the end)
   */
  hold?: boolean;
}

/** The endpoint's answer: refused with this code (and, when given, this field), or accepted. */
export type AbuseExpectation = { code: number; field?: string } | 'accepted';

export interface AbuseCase {
  endpoint: UploadEndpoint['name'];
  kind: string;
  request(ctx: AbuseContext): AbuseRequest;
  expect: AbuseExpectation;
  /** a hostile file name: as sent, and the name the console stores (firmware keeps it) */
  hostileName?: string;
  storedName?: string;
}

/** The endpoints that take a file or a large body (docs/uploads.md has the table). */
export const UPLOAD_ENDPOINTS = [
  { name: 'floor plan', method: 'POST', path: '/api/v1/projects/:id/floors/:floorId/image', body: 'multipart, one part `file`', cap: LIMITS.mapImageMaxBytes, checks: 'jpg by its SOI/SOF markers; 251 over 10 MB' },
  { name: 'firmware', method: 'POST', path: '/api/v1/projects/:id/firmware', body: 'multipart, one part `file`', cap: LIMITS.firmwareMaxBytes, checks: '.bin with the ALFW header; 912' },
  { name: 'device import', method: 'POST', path: '/api/v1/projects/:id/devices/import', body: 'multipart, one part `file`', cap: LIMITS.importFileMaxBytes, checks: 'zip (.xlsx) or OLE2 (.xls) by content; unpacked bytes capped; 400/258/260' },
  { name: 'avatar', method: 'PUT', path: '/api/v1/account/avatar', body: 'JSON, base64 `image`', cap: LIMITS.imageMaxBytes, checks: 'jpg/png/gif/bmp by content; 251 over 10 MB' },
  { name: 'backup file', method: 'POST', path: '/api/v1/projects/:id/backups/upload', body: 'JSON', cap: BACKUP_FILE_MAX_BYTES, checks: 'schema and HMAC signature; 400/2' },
  { name: 'manufacturer batch', method: 'POST', path: '/api/v1/manufacturer/devices', body: 'JSON', cap: 512 * KIB, checks: 'schema, 1 to 500 devices; 400' },
  { name: 'remote web form', method: 'POST', path: '/remote/:token/*', body: 'any, passed to the device', cap: MIB, checks: 'size only (the device decides); 400' },
] as const;

export type UploadEndpoint = (typeof UPLOAD_ENDPOINTS)[number];

// ---------------------------------------------------------------------------------------------
// Payloads

const ZEROS = Buffer.alloc(CHUNK);

/** `head`, then zeros up to `size` bytes in all, in chunks. */
function* filled(head: Buffer, size: number): Generator<Buffer> {
  const first = head.subarray(0, size);
  yield first;
  for (let left = size - first.length; left > 0; left -= CHUNK) yield ZEROS.subarray(0, Math.min(left, CHUNK));
}

/** The first bytes of things that are not what an endpoint expects. */
export const HEADS = {
  png: Buffer.from('89504e470d0a1a0a0000000d49484452000003200000019008060000001a', 'hex'),
  zip: Buffer.concat([Buffer.from('504b0304140000000800', 'hex'), Buffer.alloc(20), Buffer.from('payload.exe')]),
  elf: Buffer.concat([Buffer.from('7f454c46020101000000000000000000', 'hex'), Buffer.alloc(48)]),
  // a Windows program: MZ, and at 0x3c the offset of its PE header
  pe: (() => {
    const b = Buffer.alloc(256);
    b.write('MZ', 0, 'latin1');
    b.writeUInt32LE(0x80, 0x3c);
    b.write('PE\0\0', 0x80, 'latin1');
    return b;
  })(),
  html: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
  svg: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>'),
  json: Buffer.from('{"model":"AL-AP620","version":"V9.9.9","note":"not a binary"}'),
};

/** A JPEG's markers as the floor plan reader needs them: SOI, APP0, SOF0 (800 × 480), SOS, EOI. */
export function tinyJpeg(): Buffer {
  return Buffer.from(
    'ffd8ffe000104a46494600010100000100010000' + // SOI, APP0 JFIF
      'ffc0000b08' + '01e0' + '0320' + '01011100' + // SOF0: 8 bit, 480 × 800, one component
      'ffda0008010100003f00' + 'd2cf20' + 'ffd9', // SOS, a few bytes, EOI
    'hex',
  );
}

/** A firmware image of `payload` bytes after its header (docs/devices.md). */
export function firmwareImage(payload = 4096, model = 'AL-AP620', version = 'V9.0.1'): Buffer {
  return Buffer.concat([Buffer.from(firmwareHeader(model, version, payload)), Buffer.alloc(payload, 0x5a)]);
}

interface Part {
  headers: Record<string, string>;
  contentLength: number;
  body(): Iterable<Buffer>;
}

/** multipart/form-data with one file part `file` of `size` bytes: `content` streamed. */
function multipart(fileName: Buffer | string, size: number, content: () => Iterable<Buffer>, field = 'file'): Part {
  const boundary = `----airloom-abuse-${size.toString(16)}`;
  const name = typeof fileName === 'string' ? Buffer.from(fileName, 'utf8') : fileName;
  const head = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="`),
    name,
    Buffer.from('"\r\nContent-Type: application/octet-stream\r\n\r\n'),
  ]);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    contentLength: head.length + size + tail.length,
    *body() {
      yield head;
      yield* content();
      yield tail;
    },
  };
}

/** `{"image":"<base64 of head, then zeros, `size` bytes in all>"}`, streamed. */
function base64Json(head: Buffer, size: number): Part {
  // whole groups of three bytes of the head; zeros up to `size`, its last partial group as padding
  const whole = head.subarray(0, head.length - (head.length % 3));
  const lead = Buffer.from(`{"image":"${whole.toString('base64')}`);
  const zeroGroups = (size - whole.length - (size % 3)) / 3;
  const last = size % 3 === 1 ? 'AA==' : size % 3 === 2 ? 'AAA=' : '';
  const end = Buffer.from(`${last}"}`);
  const groupsPerChunk = CHUNK / 4;
  const a = Buffer.alloc(CHUNK, 'A');
  return {
    headers: { 'content-type': 'application/json' },
    contentLength: lead.length + zeroGroups * 4 + end.length,
    *body() {
      yield lead;
      for (let left = zeroGroups; left > 0; left -= groupsPerChunk) yield a.subarray(0, Math.min(left, groupsPerChunk) * 4);
      yield end;
    },
  };
}

function fixed(type: string, data: Buffer, extra: Record<string, string> = {}): Part {
  return { headers: { 'content-type': type, ...extra }, contentLength: data.length, body: () => [data] };
}

// 1 GiB of zeros deflated: 128 blocks of 8 MiB, each ended by a full flush (byte-aligned, no
// reference to the block before), so one block's ~8 KB repeats, then an empty final block (03 00).
const BOMB_BLOCK = 8 * MIB;
const BOMB_BLOCKS = 128;
let bomb: { deflated: Buffer[]; crc: number; size: number; packed: number } | undefined;
function zeroBomb() {
  if (!bomb) {
    const zeros = Buffer.alloc(BOMB_BLOCK);
    const block = deflateRawSync(zeros, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
    let crc = 0;
    for (let i = 0; i < BOMB_BLOCKS; i++) crc = crc32(zeros, crc);
    const deflated = [...Array.from({ length: BOMB_BLOCKS }, () => block), Buffer.from([0x03, 0x00])];
    bomb = { deflated, crc, size: BOMB_BLOCK * BOMB_BLOCKS, packed: deflated.reduce((n, b) => n + b.length, 0) };
  }
  return bomb;
}

/** A gzip member (RFC 1952) of 1 GiB of zeros, about 1 MB. */
export function gzipBomb(): Buffer[] {
  const b = zeroBomb();
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(b.crc >>> 0, 0);
  trailer.writeUInt32LE(b.size % 2 ** 32, 4);
  return [Buffer.from('1f8b08000000000000ff', 'hex'), ...b.deflated, trailer];
}

interface ZipEntry {
  name: string;
  data: Buffer[];
  method: 0 | 8;
  crc: number;
  size: number;
  packed: number;
}

const stored = (name: string, text: string): ZipEntry => {
  const data = Buffer.from(text);
  return { name, data: [data], method: 0, crc: crc32(data), size: data.length, packed: data.length };
};

/** A zip (APPNOTE 4.3) of the entries: local headers and data, the central directory, its end. */
function zip(entries: ZipEntry[]): Buffer[] {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.packed, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(e.method, 10);
    dir.writeUInt32LE(e.crc >>> 0, 16);
    dir.writeUInt32LE(e.packed, 20);
    dir.writeUInt32LE(e.size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    out.push(local, name, ...e.data);
    central.push(dir, name);
    offset += local.length + name.length + e.packed;
  }
  const size = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return [...out, ...central, end];
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

function workbookEntries(sheet: ZipEntry): ZipEntry[] {
  return [
    stored('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>'),
    stored('_rels/.rels', `<?xml version="1.0"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    stored('xl/workbook.xml', `<?xml version="1.0"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Devices" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    stored('xl/_rels/workbook.xml.rels', `<?xml version="1.0"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`),
    sheet,
  ];
}

/** An .xlsx whose sheet unpacks to 1 GiB (about 1 MB packed). */
export function xlsxBomb(): Buffer[] {
  const b = zeroBomb();
  return zip(workbookEntries({ name: 'xl/worksheets/sheet1.xml', data: b.deflated, method: 8, crc: b.crc, size: b.size, packed: b.packed }));
}

/** The import template with its header row and no device: a well-formed file the import refuses (260). */
export function emptyTemplate(): Buffer {
  const sheet = `<?xml version="1.0"?><worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>SN</t></is></c><c r="B1" t="inlineStr"><is><t>Name</t></is></c><c r="C1" t="inlineStr"><is><t>Remark</t></is></c></row></sheetData></worksheet>`;
  return Buffer.concat(zip(workbookEntries(stored('xl/worksheets/sheet1.xml', sheet))));
}

/** A zip that is not a workbook: a program inside an archive renamed .xlsx. */
function zipOfProgram(): Buffer {
  const program = Buffer.concat([HEADS.pe, Buffer.alloc(1024)]);
  return Buffer.concat(zip([{ name: 'setup.exe', data: [program], method: 0, crc: crc32(program), size: program.length, packed: program.length }]));
}

/** An OLE2 compound file's header with nothing behind it (a Word file has no Workbook stream either). */
function oleWithoutWorkbook(): Buffer {
  const b = Buffer.alloc(4096, 0xff);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(b, 0);
  b.writeUInt16LE(9, 0x1e); // 512-byte sectors
  b.writeUInt16LE(6, 0x20); // 64-byte mini sectors
  return b;
}

// ---------------------------------------------------------------------------------------------
// Cases

/** a chunked body far past the cap: the answer must come as the count passes the cap, not at the end */
const FAR_TIMES = 8;
const FAR = `chunked, ${FAR_TIMES}× the cap`;

/** Hostile names of an uploaded file; each ends in the extension the endpoint asks for. */
export function hostileNames(ext: string): { kind: string; name: Buffer; stored: string }[] {
  return [
    { kind: 'name ../../etc/passwd', name: Buffer.from(`../../etc/passwd.${ext}`), stored: `passwd.${ext}` },
    { kind: 'name ..\\..\\x', name: Buffer.from(`..\\..\\x.${ext}`), stored: `x.${ext}` },
    { kind: 'name absolute /tmp/x', name: Buffer.from(`/tmp/x.${ext}`), stored: `x.${ext}` },
    { kind: 'name with NUL', name: Buffer.from(`evil\0.sh\0.${ext}`), stored: `evil.sh.${ext}` },
    { kind: 'name 4,000 characters', name: Buffer.from(`${'a'.repeat(4000)}.${ext}`), stored: `${'a'.repeat(255 - ext.length - 1)}.${ext}` },
    // U+202E reverses what follows: "evil\u202Eexe.bin" reads "evilnib.exe"
    { kind: 'name with RTL override', name: Buffer.from(`evil\u202Eexe.${ext}`), stored: `evilexe.${ext}` },
  ];
}

const api = (ctx: AbuseContext, path: string) => path.replace(':id', String(ctx.projectId)).replace(':floorId', String(ctx.floorId));

function session(ctx: AbuseContext): Record<string, string> {
  return { cookie: ctx.cookie, 'x-airloom-csrf': '1', accept: 'application/json' };
}

function req(method: 'POST' | 'PUT', path: string, auth: (ctx: AbuseContext) => Record<string, string>, part: (ctx: AbuseContext) => Part, how: { chunked?: boolean; lie?: boolean; hold?: boolean } = {}) {
  return (ctx: AbuseContext): AbuseRequest => {
    const p = part(ctx);
    const base = { method, path: api(ctx, path), headers: { ...auth(ctx), ...p.headers } };
    if (how.lie) {
      // declares four times the body, sends its first bytes and waits: the answer must come from the declaration
      const first = p.body()[Symbol.iterator]().next().value as Buffer;
      return { ...base, contentLength: p.contentLength * 4, hold: true, body: () => [first] };
    }
    return { ...base, body: () => p.body(), ...(how.chunked ? {} : { contentLength: p.contentLength }), ...(how.hold ? { hold: true } : {}) };
  };
}

/** Every case: endpoint × abuse kind, with the code the spec gives it. */
export function abuseCases(): AbuseCase[] {
  const cases: AbuseCase[] = [];
  const add = (c: AbuseCase) => cases.push(c);
  const bad = ErrorCode.INVALID_PARAMS;

  // --- floor plan: a jpg of at most 10 MB (spec §5), 251 over it (spec §8)
  {
    const e = 'floor plan' as const;
    const path = '/api/v1/projects/:id/floors/:floorId/image';
    const plan = (size: number) => () => multipart('plan.jpg', size, () => filled(tinyJpeg(), size));
    const over = plan(LIMITS.mapImageMaxBytes + 1);
    add({ endpoint: e, kind: 'over-size', expect: { code: ErrorCode.IMAGE_TOO_LARGE }, request: req('POST', path, session, over) });
    add({ endpoint: e, kind: 'over-size, chunked', expect: { code: ErrorCode.IMAGE_TOO_LARGE }, request: req('POST', path, session, over, { chunked: true }) });
    add({ endpoint: e, kind: FAR, expect: { code: ErrorCode.IMAGE_TOO_LARGE }, request: req('POST', path, session, plan(FAR_TIMES * LIMITS.mapImageMaxBytes), { chunked: true, hold: true }) });
    add({ endpoint: e, kind: 'Content-Length lie', expect: { code: ErrorCode.IMAGE_TOO_LARGE }, request: req('POST', path, session, over, { lie: true }) });
    for (const [kind, head] of [['PNG as .jpg', HEADS.png], ['ELF as .jpg', HEADS.elf], ['PE (MZ) as .jpg', HEADS.pe], ['HTML as .jpg', HEADS.html], ['SVG with script as .jpg', HEADS.svg], ['JSON as .jpg', HEADS.json]] as const) {
      add({ endpoint: e, kind, expect: { code: bad, field: 'file' }, request: req('POST', path, session, () => multipart('plan.jpg', 4096, () => filled(head, 4096))) });
    }
    for (const n of hostileNames('jpg')) {
      add({ endpoint: e, kind: n.kind, expect: 'accepted', hostileName: n.name.toString(), request: req('POST', path, session, () => multipart(n.name, tinyJpeg().length, () => [tinyJpeg()])) });
    }
  }

  // --- firmware: a .bin under 40 MB with the firmware header (spec §5, docs/devices.md), 912
  {
    const e = 'firmware' as const;
    const path = '/api/v1/projects/:id/firmware';
    const invalid = { code: ErrorCode.FIRMWARE_FILE_INVALID };
    const bin = (size: number) => () => multipart('fw.bin', size, () => filled(Buffer.from(firmwareHeader('AL-AP620', 'V9.0.2', size - 64)), size));
    const over = bin(LIMITS.firmwareMaxBytes + 1);
    add({ endpoint: e, kind: 'over-size', expect: invalid, request: req('POST', path, session, over) });
    add({ endpoint: e, kind: 'over-size, chunked', expect: invalid, request: req('POST', path, session, over, { chunked: true }) });
    add({ endpoint: e, kind: FAR, expect: invalid, request: req('POST', path, session, bin(FAR_TIMES * LIMITS.firmwareMaxBytes), { chunked: true, hold: true }) });
    add({ endpoint: e, kind: 'Content-Length lie', expect: invalid, request: req('POST', path, session, over, { lie: true }) });
    for (const [kind, head] of [['ZIP as .bin', HEADS.zip], ['ELF as .bin', HEADS.elf], ['PE (MZ) as .bin', HEADS.pe], ['PNG as .bin', HEADS.png], ['JSON as .bin', HEADS.json]] as const) {
      add({ endpoint: e, kind, expect: invalid, request: req('POST', path, session, () => multipart('fw.bin', 1 * MIB, () => filled(head, 1 * MIB))) });
    }
    hostileNames('bin').forEach((n, i) => {
      // a distinct image each, so each is stored under its own name
      const image = firmwareImage(4096 + i);
      add({ endpoint: e, kind: n.kind, expect: 'accepted', hostileName: n.name.toString(), storedName: n.stored, request: req('POST', path, session, () => multipart(n.name, image.length, () => [image])) });
    });
  }

  // --- device import: .xls/.xlsx of at most 10 MB (spec §5), by content, unpacked size capped
  {
    const e = 'device import' as const;
    const path = '/api/v1/projects/:id/devices/import';
    const book = (size: number) => () => multipart('devices.xlsx', size, () => filled(Buffer.from('504b0304', 'hex'), size));
    const over = book(LIMITS.importFileMaxBytes + 1);
    const tooLarge = { code: bad, field: 'file' };
    add({ endpoint: e, kind: 'over-size', expect: tooLarge, request: req('POST', path, session, over) });
    add({ endpoint: e, kind: 'over-size, chunked', expect: tooLarge, request: req('POST', path, session, over, { chunked: true }) });
    add({ endpoint: e, kind: FAR, expect: tooLarge, request: req('POST', path, session, book(FAR_TIMES * LIMITS.importFileMaxBytes), { chunked: true, hold: true }) });
    add({ endpoint: e, kind: 'Content-Length lie', expect: tooLarge, request: req('POST', path, session, over, { lie: true }) });
    for (const [kind, data] of [['PNG as .xlsx', HEADS.png], ['ELF as .xlsx', HEADS.elf], ['PE (MZ) as .xls', HEADS.pe], ['HTML as .xls', HEADS.html], ['JSON as .xlsx', HEADS.json], ['ZIP of a program as .xlsx', zipOfProgram()], ['OLE2 without a workbook as .xls', oleWithoutWorkbook()]] as const) {
      const name = kind.endsWith('.xls') ? 'devices.xls' : 'devices.xlsx';
      add({ endpoint: e, kind, expect: { code: bad, field: 'file' }, request: req('POST', path, session, () => multipart(name, data.length, () => [data])) });
    }
    add({
      endpoint: e, kind: 'zip bomb (1 GiB sheet)', expect: { code: bad, field: 'file' },
      request: req('POST', path, session, () => {
        const parts = xlsxBomb();
        return multipart('devices.xlsx', parts.reduce((n, b) => n + b.length, 0), () => parts);
      }),
    });
    for (const n of hostileNames('xlsx')) {
      add({ endpoint: e, kind: n.kind, expect: { code: ErrorCode.EXCEL_TEMPLATE_EMPTY }, hostileName: n.name.toString(), request: req('POST', path, session, () => multipart(n.name, emptyTemplate().length, () => [emptyTemplate()])) });
    }
  }

  // --- avatar: jpg, png, gif or bmp under 10 MB (spec §5), base64 in JSON; 251 over it
  {
    const e = 'avatar' as const;
    const path = '/api/v1/account/avatar';
    const over = () => base64Json(HEADS.png, LIMITS.imageMaxBytes + 1);
    add({ endpoint: e, kind: 'over-size', expect: { code: ErrorCode.IMAGE_TOO_LARGE }, request: req('PUT', path, session, over) });
    add({ endpoint: e, kind: 'over-size, chunked', expect: { code: ErrorCode.IMAGE_TOO_LARGE }, request: req('PUT', path, session, over, { chunked: true }) });
    add({ endpoint: e, kind: FAR, expect: { code: ErrorCode.IMAGE_TOO_LARGE }, request: req('PUT', path, session, () => base64Json(HEADS.png, FAR_TIMES * LIMITS.imageMaxBytes), { chunked: true, hold: true }) });
    // past the JSON body's own limit (the base64 of 12 MB): still "image over 10 MB"
    const huge = () => base64Json(HEADS.png, 12 * MIB);
    add({ endpoint: e, kind: 'over the body limit', expect: { code: ErrorCode.IMAGE_TOO_LARGE }, request: req('PUT', path, session, huge) });
    add({ endpoint: e, kind: 'Content-Length lie', expect: { code: ErrorCode.IMAGE_TOO_LARGE }, request: req('PUT', path, session, huge, { lie: true }) });
    for (const [kind, head] of [['ELF as image', HEADS.elf], ['PE (MZ) as image', HEADS.pe], ['ZIP as image', HEADS.zip], ['HTML as image', HEADS.html], ['SVG with script as image', HEADS.svg], ['JSON as image', HEADS.json]] as const) {
      add({ endpoint: e, kind, expect: { code: bad, field: 'image' }, request: req('PUT', path, session, () => base64Json(head, 3072)) });
    }
    add({ endpoint: e, kind: 'gzip bomb (1 GiB)', expect: { code: ErrorCode.IMAGE_TOO_LARGE }, request: req('PUT', path, session, () => gzipPart()) });
  }

  // --- backup file: this console's signed JSON, at most 2 MB
  {
    const e = 'backup file' as const;
    const path = '/api/v1/projects/:id/backups/upload';
    jsonCases(add, e, path, session, BACKUP_FILE_MAX_BYTES);
  }

  // --- manufacturer batch: JSON of 1 to 500 devices, at most 512 KB
  {
    const e = 'manufacturer batch' as const;
    const path = '/api/v1/manufacturer/devices';
    jsonCases(add, e, path, (ctx) => ({ authorization: `Bearer ${ctx.manufacturerKey}`, accept: 'application/json' }), 512 * KIB);
  }

  // --- remote web: a form post passed on to the device's page, at most 1 MB (the device judges its content)
  {
    const e = 'remote web form' as const;
    const path = '/remote/0000000000000000000000000000000000000000/login.cgi';
    const over = () => fixedStream('application/x-www-form-urlencoded', MIB + 1);
    add({ endpoint: e, kind: 'over-size', expect: { code: bad }, request: req('POST', path, () => ({}), over) });
    add({ endpoint: e, kind: 'over-size, chunked', expect: { code: bad }, request: req('POST', path, () => ({}), over, { chunked: true }) });
    add({ endpoint: e, kind: FAR, expect: { code: bad }, request: req('POST', path, () => ({}), () => fixedStream('application/x-www-form-urlencoded', FAR_TIMES * MIB), { chunked: true, hold: true }) });
    add({ endpoint: e, kind: 'Content-Length lie', expect: { code: bad }, request: req('POST', path, () => ({}), over, { lie: true }) });
  }
  return cases;
}

function fixedStream(type: string, size: number): Part {
  return { headers: { 'content-type': type }, contentLength: size, body: () => filled(Buffer.from('user=admin&password='), size) };
}

function gzipPart(): Part {
  const parts = gzipBomb();
  return { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, contentLength: parts.reduce((n, b) => n + b.length, 0), body: () => parts };
}

/** The cases of a JSON endpoint: over its limit (declared, chunked, lied), not JSON, a gzip bomb. */
function jsonCases(add: (c: AbuseCase) => void, e: AbuseCase['endpoint'], path: string, auth: (ctx: AbuseContext) => Record<string, string>, cap: number) {
  const bad = { code: ErrorCode.INVALID_PARAMS };
  // a JSON string of `total` bytes in all: {"x":"aaa…"}
  const text = (total: number) => () => {
    const lead = Buffer.from('{"x":"');
    const end = Buffer.from('"}');
    const a = Buffer.alloc(CHUNK, 'a');
    const size = total - lead.length - end.length;
    return { headers: { 'content-type': 'application/json' }, contentLength: total, *body() { yield lead; for (let left = size; left > 0; left -= CHUNK) yield a.subarray(0, Math.min(left, CHUNK)); yield end; } };
  };
  const over = text(cap + 1);
  add({ endpoint: e, kind: 'over-size', expect: bad, request: req('POST', path, auth, over) });
  add({ endpoint: e, kind: 'over-size, chunked', expect: bad, request: req('POST', path, auth, over, { chunked: true }) });
  add({ endpoint: e, kind: FAR, expect: bad, request: req('POST', path, auth, text(FAR_TIMES * cap), { chunked: true, hold: true }) });
  add({ endpoint: e, kind: 'Content-Length lie', expect: bad, request: req('POST', path, auth, over, { lie: true }) });
  add({ endpoint: e, kind: 'PE (MZ) as JSON', expect: bad, request: req('POST', path, auth, () => fixed('application/json', HEADS.pe)) });
  add({ endpoint: e, kind: 'ZIP as a file', expect: bad, request: req('POST', path, auth, () => fixed('application/zip', HEADS.zip)) });
  add({ endpoint: e, kind: 'multipart instead of JSON', expect: bad, request: req('POST', path, auth, () => multipart('backup.json', HEADS.json.length, () => [HEADS.json])) });
  add({ endpoint: e, kind: 'JSON of another shape', expect: bad, request: req('POST', path, auth, () => fixed('application/json', HEADS.json)) });
  add({ endpoint: e, kind: 'gzip bomb (1 GiB)', expect: bad, request: req('POST', path, auth, () => gzipPart()) });
}

// ---------------------------------------------------------------------------------------------
// Sending

export interface AbuseAnswer {
  /** HTTP status; 0 when no answer came */
  status: number;
  /** the JSON envelope, or null when the answer was not JSON */
  body: { code?: number; message?: string; fields?: Record<string, string>; data?: unknown } | null;
  /** from the first byte sent to the end of the answer */
  ms: number;
  /** bytes of the body sent before the answer came */
  sent: number;
  /** a connection failure instead of an answer */
  error?: string;
}

/**
 * Sends the request as a browser would stream a file, and stops sending as soon as the answer comes
 * (a server may refuse before the body has arrived). No answer within `timeoutMs` is a failure.
 */
export function sendAbuse(baseUrl: string, r: AbuseRequest, timeoutMs = 20_000): Promise<AbuseAnswer> {
  const url = new URL(r.path, baseUrl);
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  return new Promise((resolve) => {
    let sent = 0;
    let settled = false;
    const headers: Record<string, string> = { ...r.headers };
    if (r.contentLength !== undefined) headers['content-length'] = String(r.contentLength);
    else headers['transfer-encoding'] = 'chunked';
    // keep-alive, as a browser asks: a server that answers before the body has all arrived then
    // reads the rest and drops it; on `Connection: close` it closes at once, and a client still
    // writing may see a reset instead of the answer
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const request = http.request(url, { method: r.method, headers, agent });
    const finish = (answer: AbuseAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      agent.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => finish({ status: 0, body: null, ms: elapsed(), sent, error: `no answer within ${timeoutMs} ms` }), timeoutMs);
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', (err) => finish({ status: res.statusCode ?? 0, body: null, ms: elapsed(), sent, error: err.message }));
      res.on('end', () => {
        let body: AbuseAnswer['body'];
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as AbuseAnswer['body'];
        } catch {
          body = null;
        }
        finish({ status: res.statusCode ?? 0, body, ms: elapsed(), sent });
      });
    });
    request.on('error', (err) => finish({ status: 0, body: null, ms: elapsed(), sent, error: err.message }));
    void (async () => {
      for (const chunk of r.body()) {
        if (settled || request.destroyed) return;
        sent += chunk.length;
        if (!request.write(chunk)) {
          await new Promise<void>((done) => {
            const go = () => {
              request.off('drain', go).off('close', go);
              done();
            };
            request.on('drain', go).on('close', go);
          });
        }
      }
      if (!r.hold && !settled && !request.destroyed) request.end();
    })();
  });
}
