// A chart drawn by echarts, loaded on first use. The figures a chart shows are also given as text
// by each panel, so the chart itself is an image for assistive technology.
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { loadCharts } from './load-charts';

/** echarts' option object (kept loose: its full types would pull echarts into this chunk) */
export type ChartOption = Record<string, unknown>;

interface Drawn {
  setOption(option: ChartOption, notMerge?: boolean): void;
  resize(): void;
  dispose(): void;
  on(event: 'click', handler: (params: { name: string }) => void): void;
}

const Canvas = styled.div<{ $height: string }>`
  width: 100%;
  height: ${({ $height }) => $height};
  min-height: 160px;
`;

export interface EChartProps {
  option: ChartOption;
  /** what the chart shows, for assistive technology */
  label: string;
  height?: string;
  /** a map the option draws on (`world`, `regions:DE`): registered before drawing */
  map?: string;
  /** a click on a series item (a country on a map), by its name */
  onItemClick?(name: string): void;
}

export function EChart({ option, label, height = '260px', map, onItemClick }: EChartProps) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<Drawn | null>(null);
  const latest = useRef(option);
  latest.current = option;
  const clicked = useRef(onItemClick);
  clicked.current = onItemClick;

  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    void loadCharts().then(async ({ echarts, ensureMap }) => {
      if (map) await ensureMap(map);
      if (cancelled || !el.current) return;
      const drawn = echarts.init(el.current, undefined, { renderer: 'canvas' }) as unknown as Drawn;
      chart.current = drawn;
      drawn.setOption(latest.current, true);
      drawn.on('click', (params) => clicked.current?.(params.name));
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => drawn.resize());
        observer.observe(el.current);
      }
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [map]);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return <Canvas ref={el} role="img" aria-label={label} $height={height} />;
}
