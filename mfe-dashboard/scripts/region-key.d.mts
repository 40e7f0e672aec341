/** which GeoIP region (country, code, English name) a Natural Earth admin-1 unit belongs to */
export function regionKey(properties: Record<string, unknown>): { country: string; code: string; name: string } | undefined;
