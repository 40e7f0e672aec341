// How the statistics pages write figures: sizes and rates in KB/MB/GB with 2 decimals (spec §9),
// percentages and averages with at most 2.
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** spec §9: bytes → KB/MB/GB with 2 decimals */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${UNITS[unit]}`;
}

export const formatRate = (bytesPerSecond: number) => `${formatBytes(bytesPerSecond)}/s`;

/** a figure of a unit the API names: B/s as a rate, % and dBm with 2 decimals, counts with at most 2 */
export function formatValue(value: number, unit: string): string {
  if (unit === 'B/s') return formatRate(value);
  if (unit === '%') return `${value.toFixed(2)} %`;
  if (unit === 'dBm') return `${value.toFixed(2)} dBm`;
  return String(Math.round(value * 100) / 100);
}

/** a point's time as the table and the tooltip show it (the browser's zone) */
export function formatTime(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** seconds of uptime as days, hours and minutes */
export function uptimeParts(seconds: number): { d: number; h: number; m: number } {
  return { d: Math.floor(seconds / 86_400), h: Math.floor((seconds % 86_400) / 3600), m: Math.floor((seconds % 3600) / 60) };
}
