// How the client list writes its figures: sizes and rates with 2 decimals (spec §9), durations in
// the two largest units ("2 h 5 min").

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** bytes as B … TB with 2 decimals (1 KB = 1024 B) */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—';
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < UNITS.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toFixed(2)} ${UNITS[u]}`;
}

/** kbit/s as Mbit/s with 2 decimals */
export function formatRate(kbps: number | null): string {
  return kbps === null ? '—' : `${(kbps / 1000).toFixed(2)} Mbit/s`;
}

/** how long since `iso`, at `now` (ms): "45 s", "12 min", "2 h 5 min", "3 d 4 h" */
export function formatDuration(iso: string, now: number): string {
  const s = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}
