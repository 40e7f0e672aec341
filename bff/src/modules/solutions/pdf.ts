// Server-side PDFs with puppeteer-core on Debian's Chromium (TOOLCHAIN "PDF"): ONE browser per
// process, started on the first document, started again if it died, closed when the server stops.
// Each document gets its own page (closed after), so documents never see each other.
import type { Solution } from '@airloom/contracts';
import type { Browser } from 'puppeteer-core';
import { solutionHtml } from './pdf-document.js';

export interface PdfRendererOptions {
  executablePath?: string;
  /** per document, ms */
  timeoutMs?: number;
  /** documents rendered at once (default 2, the machine's cores); the others wait their turn */
  concurrency?: number;
}

const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];

export function createPdfRenderer(options: PdfRendererOptions = {}) {
  const executablePath = options.executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const timeout = options.timeoutMs ?? 30_000;
  let starting: Promise<Browser> | undefined;
  let closed = false;
  let launches = 0;
  // a small queue: many PDFs asked at once must not open a page each on a 2-core machine
  const concurrency = Math.max(1, options.concurrency ?? 2);
  let running = 0;
  const waiting: (() => void)[] = [];

  async function browser(): Promise<Browser> {
    if (closed) throw new Error('the PDF renderer is closed');
    if (starting) {
      const b = await starting.catch(() => undefined);
      if (b?.connected) return b;
    }
    starting = (async () => {
      const { launch } = await import('puppeteer-core');
      launches += 1;
      const b = await launch({ executablePath, args: ARGS, headless: true, timeout });
      // a crashed or killed browser is started again on the next document
      b.on('disconnected', () => {
        if (starting && !closed) starting = undefined;
      });
      return b;
    })();
    try {
      return await starting;
    } catch (e) {
      starting = undefined;
      throw e;
    }
  }

  async function render(html: string): Promise<Buffer> {
    // a finished document hands its place straight to the next waiting one
    if (running < concurrency) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await renderNow(html);
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }

  async function renderNow(html: string): Promise<Buffer> {
    const b = await browser();
    const page = await b.newPage();
    try {
      // the document is self-contained (fonts and the sketch inline): nothing is fetched
      await page.setJavaScriptEnabled(false);
      await page.setContent(html, { waitUntil: 'load', timeout });
      const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true, timeout });
      return Buffer.from(pdf);
    } finally {
      await page.close().catch(() => undefined);
    }
  }

  return {
    render,
    solution: (solution: Solution) => render(solutionHtml(solution)),
    /** the browser's process id, or null when none runs (tests: one browser, restarted after a crash) */
    async pid(): Promise<number | null> {
      const b = starting ? await starting.catch(() => undefined) : undefined;
      return b?.connected ? b.process()?.pid ?? null : null;
    },
    /** how many browsers were started */
    launches: () => launches,
    async close(): Promise<void> {
      closed = true;
      const b = starting ? await starting.catch(() => undefined) : undefined;
      starting = undefined;
      await b?.close().catch(() => undefined);
    },
  };
}

export type PdfRenderer = ReturnType<typeof createPdfRenderer>;
