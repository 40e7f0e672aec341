// The region map of the country shown, once loaded: `undefined` while loading, null when the
// country has no region map.
import { useEffect, useState } from 'react';
import { loadRegionMap, type RegionMap } from '../../charts/region-maps';

export function useRegionMap(country: string | undefined): RegionMap | null | undefined {
  const [loaded, setLoaded] = useState<{ country: string; map: RegionMap | null }>();
  useEffect(() => {
    if (!country) return;
    let current = true;
    void loadRegionMap(country).then((map) => {
      if (current) setLoaded({ country, map });
    });
    return () => {
      current = false;
    };
  }, [country]);
  return loaded && loaded.country === country ? loaded.map : undefined;
}

/** The region names of these countries (country → code → name), as their maps load; {} before. */
export function useRegionNames(countries: readonly string[]): Record<string, Record<string, string>> {
  const key = [...new Set(countries)].sort().join(',');
  const [names, setNames] = useState<{ key: string; names: Record<string, Record<string, string>> }>();
  useEffect(() => {
    if (!key) return;
    let current = true;
    const codes = key.split(',');
    void Promise.all(codes.map(loadRegionMap)).then((maps) => {
      if (current) setNames({ key, names: Object.fromEntries(codes.map((c, i) => [c, maps[i]?.names ?? {}])) });
    });
    return () => {
      current = false;
    };
  }, [key]);
  return names && names.key === key ? names.names : {};
}
