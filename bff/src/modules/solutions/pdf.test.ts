// The PDF renderer keeps one Chromium: started on the first document, shared by documents rendered
// together, gone once closed (the server's shutdown calls close()).
import { afterEach, describe, expect, it } from 'vitest';
import { createPdfRenderer, type PdfRenderer } from './pdf.js';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('PDF renderer', () => {
  let renderer: PdfRenderer | undefined;
  afterEach(async () => {
    await renderer?.close();
  });

  it('starts no browser until the first document, shares one among documents at once, and ends it on close', async () => {
    renderer = createPdfRenderer();
    expect(await renderer.pid()).toBeNull();
    const docs = await Promise.all([1, 2, 3].map((n) => renderer!.render(`<!doctype html><p>Document ${n}</p>`)));
    for (const d of docs) expect(d.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(renderer.launches()).toBe(1);
    const pid = (await renderer.pid())!;
    expect(alive(pid)).toBe(true);
    await renderer.close();
    await new Promise((r) => setTimeout(r, 200));
    expect(alive(pid)).toBe(false);
    await expect(renderer.render('<p>late</p>')).rejects.toThrow(/closed/);
  }, 30_000);
});
