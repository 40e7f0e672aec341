// The solution's PDF as one HTML document (docs/solutions.md "PDF"): cover, inputs, bill of
// materials, per-line reasoning, deployment advice, advantages and a coverage sketch (inline SVG).
// Fonts are embedded as base64 @font-face so the document looks the same on any server.
import { readFileSync } from 'node:fs';
import {
  GATEWAY_FUNCTION_LABELS,
  SOLUTION_DEVICE_KIND_LABELS,
  SOLUTION_POLICY_LABELS,
  SOLUTION_SCENARIO_LABELS,
  SOLUTION_TYPE_LABELS,
  type Solution,
} from '@airloom/contracts';

/**
 * Liberation Sans (Debian fonts-liberation, which Debian's chromium depends on; GPL-2 with the font
 * exception, so embedding it in documents is allowed), else DejaVu Sans (fonts-dejavu-core, Bitstream
 * Vera licence). docs/decisions/solutions.md.
 */
const FONT_CANDIDATES = [
  { regular: '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf', bold: '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf' },
  { regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf' },
];

let fontCss: string | undefined;
/** The @font-face rules with the font files inlined (read once); empty when no font file exists. */
export function embeddedFontCss(): string {
  if (fontCss !== undefined) return fontCss;
  fontCss = '';
  for (const c of FONT_CANDIDATES) {
    try {
      const face = (file: string, weight: number) =>
        `@font-face{font-family:'Doc Sans';font-weight:${weight};src:url(data:font/ttf;base64,${readFileSync(file).toString('base64')}) format('truetype');}`;
      fontCss = face(c.regular, 400) + face(c.bold, 700);
      break;
    } catch {
      // try the next font
    }
  }
  return fontCss;
}

const esc = (s: string | number) => String(s).replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const INPUT_LABELS: Record<string, string> = {
  rooms: 'Rooms', floors: 'Floors', areaM2: 'Area (m²)', clientsPerRoom: 'Clients per room', corridorLengthM: 'Corridor length (m)',
  installHeightM: 'AP install height (m)', offices: 'Offices', classrooms: 'Classrooms', dormitories: 'Dormitories', wards: 'Wards', cameras: 'Cameras',
};

/** Radius in metres quoted in the AP line's reason, for the sketch; a default when none is quoted. */
function radiusOf(solution: Solution): number {
  const ap = solution.lines.find((l) => l.type === 'ap');
  const m = ap?.reason.match(/reaches ([0-9.]+) m/);
  return m ? Number(m[1]) : 12;
}

/**
 * A coverage sketch: one floor drawn as a rectangle with its APs on a hexagonal grid and their −67 dBm
 * circles; a picture of the method, not a site survey.
 */
export function coverageSketch(solution: Solution): string {
  const ap = solution.lines.find((l) => l.type === 'ap');
  const floors = Math.max(1, solution.inputs.floors ?? 1);
  const perFloor = Math.max(1, Math.ceil((ap?.quantity ?? 1) / floors));
  const r = radiusOf(solution);
  // APs on a hexagonal grid, rows offset by half a spacing: neighbours √3·r apart, rows 1.5·r apart
  const cols = Math.max(1, Math.ceil(Math.sqrt(perFloor * 2.5)));
  const rows = Math.ceil(perFloor / cols);
  const dx = r * Math.sqrt(3);
  const dy = r * 1.5;
  const widthM = 2 * r + (Math.min(cols, perFloor) - 1) * dx + (rows > 1 ? dx / 2 : 0);
  const heightM = 2 * r + (rows - 1) * dy;
  const scale = Math.min(640 / widthM, 300 / heightM);
  const W = widthM * scale;
  const H = heightM * scale;
  const at = (m: number) => (20 + m * scale).toFixed(1);
  const dots: string[] = [];
  for (let i = 0; i < perFloor; i += 1) {
    const row = Math.floor(i / cols);
    const x = r + (i % cols) * dx + (row % 2 ? dx / 2 : 0);
    const y = r + row * dy;
    dots.push(`<circle cx="${at(x)}" cy="${at(y)}" r="${(r * scale).toFixed(1)}" fill="rgba(14,116,144,0.12)" stroke="#0e7490" stroke-width="1" stroke-dasharray="4 3"/>`
      + `<circle cx="${at(x)}" cy="${at(y)}" r="4" fill="#0e7490"/><text x="${(Number(at(x)) + 7).toFixed(1)}" y="${(Number(at(y)) + 4).toFixed(1)}" font-size="10" fill="#0f172a">AP ${i + 1}</text>`);
  }
  const bar = 10 * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${(W + 40).toFixed(0)}" height="${(H + 70).toFixed(0)}" viewBox="0 0 ${(W + 40).toFixed(0)} ${(H + 70).toFixed(0)}" role="img" aria-label="Coverage sketch of one floor">
<rect x="20" y="20" width="${W.toFixed(1)}" height="${H.toFixed(1)}" fill="#f8fafc" stroke="#334155" stroke-width="1.5"/>
${dots.join('')}
<line x1="20" y1="${(H + 36).toFixed(1)}" x2="${(20 + bar).toFixed(1)}" y2="${(H + 36).toFixed(1)}" stroke="#0f172a" stroke-width="3"/>
<text x="${(26 + bar).toFixed(1)}" y="${(H + 40).toFixed(1)}" font-size="10" fill="#0f172a">10 m</text>
<text x="20" y="${(H + 60).toFixed(1)}" font-size="10.5" fill="#475569">One floor of ${floors}: ${perFloor} AP${perFloor === 1 ? '' : 's'}; dashed circles are where the 5 GHz signal falls to −67 dBm (${r.toFixed(1)} m). A picture of the method, not a floor plan.</text>
</svg>`;
}

/** The short part of a line's reason: after its first colon, up to a semicolon or a parenthesis. */
function headline(reason: string): string {
  const at = reason.indexOf(': ');
  const rest = at < 0 ? reason : reason.slice(at + 2);
  return rest.split(/;| \(/)[0]!.trim();
}

export function solutionHtml(solution: Solution, options: { generatedAt?: Date } = {}): string {
  const scenario = solution.scenario === 'custom' && solution.customScenarioName ? solution.customScenarioName : SOLUTION_SCENARIO_LABELS[solution.scenario];
  const total = solution.lines.reduce((n, l) => n + l.quantity, 0);
  const inputs = Object.entries(solution.inputs).filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<tr><th>${esc(INPUT_LABELS[k] ?? k)}</th><td>${esc(v as number)}</td></tr>`).join('');
  const g = solution.gateway;
  const functions = g.functions.length ? g.functions.map((f) => GATEWAY_FUNCTION_LABELS[f]).join(', ') : 'none';
  const bom = solution.lines.map((l, i) => `<tr><td class="n">${i + 1}</td><td>${esc(SOLUTION_DEVICE_KIND_LABELS[l.type])}</td><td class="model">${esc(l.model)}</td><td class="q">${l.quantity}</td><td>${esc(l.remark)}</td></tr>`).join('');
  const reasons = solution.lines.map((l) => `<li><b>${esc(l.model)}</b> × ${l.quantity} — ${esc(l.reason || 'Chosen by the installer.')}</li>`).join('');
  const list = (items: readonly string[]) => (items.length ? `<ul>${items.map((s) => `<li>${esc(s)}</li>`).join('')}</ul>` : '<p class="muted">None recorded.</p>');
  const date = (options.generatedAt ?? new Date()).toISOString().slice(0, 10);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(solution.name)}</title><style>
${embeddedFontCss()}
@page{size:A4;margin:18mm 16mm}
*{box-sizing:border-box}
body{font-family:'Doc Sans',sans-serif;color:#0f172a;font-size:10.5pt;line-height:1.45;margin:0}
.cover{height:250mm;display:flex;flex-direction:column;justify-content:space-between;page-break-after:always}
.band{background:#0e7490;color:#fff;padding:14mm 12mm;border-radius:3mm}
.band h1{font-size:26pt;margin:0 0 4mm}
.band p{margin:0;font-size:12pt;opacity:.9}
.facts{display:grid;grid-template-columns:repeat(3,1fr);gap:4mm;margin-top:10mm}
.fact{border:1px solid #cbd5e1;border-radius:2mm;padding:4mm}
.fact b{display:block;font-size:18pt;color:#0e7490}
.brand{font-weight:700;color:#0e7490;letter-spacing:.08em}
h2{font-size:14pt;color:#0e7490;border-bottom:2px solid #0e7490;padding-bottom:1mm;margin:8mm 0 3mm}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:1.6mm 2mm;border-bottom:1px solid #e2e8f0;vertical-align:top}
thead th{background:#f1f5f9;font-weight:700}
td.q,td.n{text-align:right;width:14mm}
td.model{font-weight:700;white-space:nowrap}
.two{display:grid;grid-template-columns:1fr 1fr;gap:8mm;align-items:start}
.two th{width:55%}
.muted{color:#64748b}
.glance td{border-bottom:1px solid #e2e8f0;padding:3mm 2mm}
.glance td:nth-child(2){white-space:nowrap;width:40mm}
.glance td.big{font-size:18pt;font-weight:700;color:#0e7490;width:30mm;text-align:right}
li{margin-bottom:1.5mm}
section{page-break-inside:avoid}
</style></head><body>
<div class="cover">
  <div>
    <div class="brand">AIRLOOM · SOLUTION DESIGN</div>
    <div class="band" style="margin-top:8mm"><h1>${esc(solution.name)}</h1><p>${esc(scenario)} · ${esc(SOLUTION_TYPE_LABELS[solution.type])} · ${esc(SOLUTION_POLICY_LABELS[solution.policy])}</p></div>
    <div class="facts">
      <div class="fact"><b>${total}</b>devices in ${solution.lines.length} lines</div>
      <div class="fact"><b>${solution.inputs.floors ?? 1}</b>floor${(solution.inputs.floors ?? 1) === 1 ? '' : 's'}</div>
      <div class="fact"><b>${g.lines} × ${g.bandwidthMbps}</b>Mbps broadband</div>
    </div>
    <h2 style="margin-top:14mm">At a glance</h2>
    <table class="glance"><tbody>${solution.lines.map((l) => `<tr><td class="big">${l.quantity} ×</td><td><b>${esc(l.model)}</b><br><span class="muted">${esc(SOLUTION_DEVICE_KIND_LABELS[l.type])}</span></td><td class="muted">${esc(headline(l.reason))}</td></tr>`).join('')}</tbody></table>
  </div>
  <div class="muted">Prepared by ${esc(solution.owner)} · ${date} · Every quantity in this document comes with the reason it was chosen.</div>
</div>
<section><h2>Site and needs</h2><div class="two">
<table><tbody>${inputs || '<tr><td class="muted">The scenario\'s defaults</td></tr>'}</tbody></table>
<table><tbody><tr><th>Connected clients</th><td>${g.clients || 'from the spaces'}</td></tr><tr><th>Broadband lines</th><td>${g.lines}</td></tr><tr><th>Bandwidth per line</th><td>${g.bandwidthMbps} Mbps</td></tr><tr><th>Functions</th><td>${esc(functions)}</td></tr></tbody></table>
</div></section>
<section><h2>Bill of materials</h2><table><thead><tr><th>#</th><th>Kind</th><th>Model</th><th>Qty</th><th>Remarks</th></tr></thead><tbody>${bom}</tbody></table></section>
<section><h2>Why these quantities</h2><ul>${reasons}</ul></section>
<section><h2>Coverage sketch</h2>${coverageSketch(solution)}</section>
<section><h2>Deployment advice</h2>${list(solution.advice)}</section>
<section><h2>Advantages</h2>${list(solution.advantages)}</section>
</body></html>`;
}
