// How the designer writes dates and numbers (UTC, as the server stores them: ARCHITECTURE §4).

/** `2026-11-02 11:30` from an ISO 8601 UTC time. */
export function utcMinute(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ');
}

const whole = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

export function count(n: number): string {
  return whole.format(n);
}
