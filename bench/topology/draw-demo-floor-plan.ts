// Draws the demo hotel's floor plan (bff/src/runtime/demo-floor-plan.jpg) from the demo floor's own
// walls, in headless Chromium's canvas, so the picture and the radio model's walls agree.
// Run: node --import tsx bench/topology/draw-demo-floor-plan.ts
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { DEMO_FLOOR, DEMO_WALLS } from '../../bff/src/runtime/demo-floors.js';

const ROOMS: Array<[string, number, number]> = [
  ['Lobby', 140, 60], ['Office 1', 380, 60], ['Meeting', 620, 60], ['Warehouse', 860, 60],
  ['Corridor', 500, 305], ['Reception', 160, 560], ['Office 2', 460, 560], ['Kitchen', 720, 560], ['Terrace', 900, 560], ['Store', 900, 400],
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
const dataUrl = await page.evaluate(({ floor, walls, rooms }) => {
  const canvas = document.createElement('canvas');
  canvas.width = floor.width;
  canvas.height = floor.height;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#fbfaf7';
  ctx.fillRect(0, 0, floor.width, floor.height);
  ctx.strokeStyle = '#e6e2da';
  ctx.lineWidth = 1;
  for (let x = 0; x < floor.width; x += 20) { ctx.beginPath(); ctx.moveTo(x, 0); ctx.lineTo(x, floor.height); ctx.stroke(); }
  for (let y = 0; y < floor.height; y += 20) { ctx.beginPath(); ctx.moveTo(0, y); ctx.lineTo(floor.width, y); ctx.stroke(); }
  ctx.lineCap = 'square';
  for (const w of walls) {
    ctx.strokeStyle = w.material.includes('glass') ? '#7fa7c9' : '#555049';
    ctx.lineWidth = Math.max(3, w.lossDb / 3);
    ctx.beginPath(); ctx.moveTo(w.x1, w.y1); ctx.lineTo(w.x2, w.y2); ctx.stroke();
  }
  ctx.fillStyle = '#8a8378';
  ctx.font = '600 16px sans-serif';
  ctx.textAlign = 'center';
  for (const [name, x, y] of rooms) ctx.fillText(name, x, y);
  ctx.font = '12px sans-serif';
  ctx.fillText('Demo Hotel — ground floor — 50 m × 30 m', 500, 595);
  return canvas.toDataURL('image/jpeg', 0.85);
}, { floor: DEMO_FLOOR, walls: DEMO_WALLS, rooms: ROOMS });
await browser.close();
const out = fileURLToPath(new URL('../../bff/src/runtime/demo-floor-plan.jpg', import.meta.url));
writeFileSync(out, Buffer.from(dataUrl.split(',')[1]!, 'base64'));
console.log(`wrote ${out}`);
