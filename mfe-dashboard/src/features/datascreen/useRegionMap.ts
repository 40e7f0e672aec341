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
