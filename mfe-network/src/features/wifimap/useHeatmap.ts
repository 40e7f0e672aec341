// One heatmap worker per page: the newest request wins (an answer to an older one is dropped).
import { useEffect, useRef, useState } from 'react';
import type { HeatmapAnswer, HeatmapRequest } from './heatmap-job';

export function useHeatmap(request: Omit<HeatmapRequest, 'id'> | null): HeatmapAnswer | null {
  const worker = useRef<Worker | null>(null);
  const last = useRef(0);
  const [answer, setAnswer] = useState<HeatmapAnswer | null>(null);

  useEffect(() => {
    const w = new Worker(new URL('./heatmap.worker.ts', import.meta.url), { type: 'module', name: 'wifimap-heatmap' });
    w.onmessage = (e: MessageEvent<HeatmapAnswer>) => {
      if (e.data.id === last.current) setAnswer(e.data);
    };
    // a worker that fails to load or throws outside the job: the page says so instead of drawing nothing
    w.onerror = (e: ErrorEvent) => {
      setAnswer({ id: last.current, values: new Float32Array(0), coverage: [], suggestions: [], ms: 0, error: e.message || 'the heatmap worker stopped' });
    };
    worker.current = w;
    return () => {
      w.terminate();
      worker.current = null;
    };
  }, []);

  useEffect(() => {
    if (!request || !worker.current) return;
    last.current += 1;
    worker.current.postMessage({ ...request, id: last.current });
  }, [request]);

  return answer;
}
