// Reads the text of a PDF made by Chromium (Skia) for tests, without a PDF library: the content
// streams are Flate-compressed, their text shows glyph ids as hex strings (`<002B0052…> Tj`), and each
// font's ToUnicode CMap maps glyph ids back to characters. Each line of text is decoded with every
// font's map and kept where all its glyphs are known to that map.
import { inflateSync } from 'node:zlib';

function streams(pdf: Buffer): string[] {
  const s = pdf.toString('latin1');
  const out: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    const start = m.index + m[0].length;
    const end = s.indexOf('endstream', start);
    if (end < 0) break;
    try {
      out.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // not Flate (a font file) or not compressed
    }
  }
  return out;
}

function cmap(text: string): Map<number, string> {
  const map = new Map<number, string>();
  const hexChars = (h: string) => String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map((x) => parseInt(x, 16)));
  for (const block of text.match(/beginbfchar[\s\S]*?endbfchar/g) ?? []) {
    for (const [, from, to] of block.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(parseInt(from!, 16), hexChars(to!));
  }
  for (const block of text.match(/beginbfrange[\s\S]*?endbfrange/g) ?? []) {
    for (const [, a, b, to] of block.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const base = parseInt(to!, 16);
      for (let g = parseInt(a!, 16); g <= parseInt(b!, 16); g += 1) map.set(g, String.fromCodePoint(base + g - parseInt(a!, 16)));
    }
  }
  return map;
}

/** The text runs of the PDF, in content order, each decoded with the font map that knows all its glyphs. */
export function pdfText(pdf: Buffer): string[] {
  const all = streams(pdf);
  const maps = all.filter((s) => s.includes('begincmap')).map(cmap);
  const runs: string[] = [];
  for (const content of all.filter((s) => /\bTj\b|\bTJ\b/.test(s))) {
    for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) {
      const glyphs = (hex!.match(/.{4}/g) ?? []).map((x) => parseInt(x, 16));
      const map = maps.find((m) => glyphs.every((g) => m.has(g)));
      if (map) runs.push(glyphs.map((g) => map.get(g)).join(''));
    }
  }
  return runs;
}
