// The data screen's state: the range and the compared countries (at most 5, spec §9), the summary
// for them, reloaded when either changes, when activations arrive (gathered for a second, so a
// burst of connections costs one reload) and a few seconds after a failed load.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LIMITS, type ActivationRange } from '@airloom/contracts';
import { useLoad, useMfe } from '@airloom/shared-ui';
import { createDashboardApi } from '../../api';
import { useDataScreenSettings } from './context';

export const GATHER_MS = 1000;
export const RETRY_MS = 5000;
/** the range the screen opens with (the wall display asks for its summary early, standalone/wall-display.ts) */
export const FIRST_RANGE: ActivationRange = '15d';

export function useDataScreen() {
  const { api } = useMfe();
  const dashboard = useMemo(() => createDashboardApi(api), [api]);
  const [range, setRange] = useState<ActivationRange>(FIRST_RANGE);
  const [compared, setCompared] = useState<string[]>([]);
  /** a country refused because 5 are compared already */
  const [refused, setRefused] = useState<string | null>(null);
  const { firstSummary } = useDataScreenSettings();
  const summary = useLoad((signal) => dashboard.summary(range, compared, signal), firstSummary);
  const { reload } = summary;

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    reload();
  }, [range, compared, reload]);

  useEffect(() => {
    if (!summary.error) return;
    const retry = setTimeout(reload, RETRY_MS);
    return () => clearTimeout(retry);
  }, [summary.error, reload]);

  const gather = useRef<ReturnType<typeof setTimeout> | null>(null);
  const changed = useCallback(() => {
    if (gather.current) return;
    gather.current = setTimeout(() => {
      gather.current = null;
      reload();
    }, GATHER_MS);
  }, [reload]);
  useEffect(() => () => void (gather.current && clearTimeout(gather.current)), []);

  // every country seen in an uncompared summary, to pick from
  const [known, setKnown] = useState<string[]>([]);
  useEffect(() => {
    if (!summary.data || compared.length > 0) return;
    const codes = summary.data.countries.map((c) => c.country).filter(Boolean);
    setKnown((k) => [...new Set([...k, ...codes])]);
  }, [summary.data, compared.length]);

  const compare = useCallback((code: string) => {
    if (!/^[A-Z]{2}$/.test(code)) return;
    setCompared((c) => {
      if (c.includes(code)) return c;
      if (c.length >= LIMITS.dataScreenCountriesMax) {
        setRefused(code);
        return c;
      }
      setRefused(null);
      return [...c, code];
    });
  }, []);
  const uncompare = useCallback((code: string) => {
    setRefused(null);
    setCompared((c) => c.filter((x) => x !== code));
  }, []);

  return { range, setRange, compared, compare, uncompare, refused, known, summary, changed };
}
