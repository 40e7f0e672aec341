// A chart drawn by echarts, loaded on first use. Each chart's figures are also given as text (a
// summary and a table) by the panel around it, so the canvas itself is an image for assistive technology.
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { loadCharts } from './load-charts';

/** echarts' option object (kept loose: its full types would pull echarts into this chunk) */
export type ChartOption = Record<string, unknown>;

interface Drawn {
  setOption(option: ChartOption, notMerge?: boolean): void;
  resize(): void;
  dispose(): void;
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
}

export function EChart({ option, label, height = '240px' }: EChartProps) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<Drawn | null>(null);
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    void loadCharts().then(({ echarts }) => {
      if (cancelled || !el.current) return;
      const drawn = echarts.init(el.current, undefined, { renderer: 'canvas' }) as unknown as Drawn;
      chart.current = drawn;
      drawn.setOption(latest.current, true);
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
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return <Canvas ref={el} role="img" aria-label={label} $height={height} />;
}
