// The Wi-Fi map's Web Worker: the heatmap is computed off the page's thread (runHeatmap), and the
// values go back as a transferred buffer.
import { runHeatmap, type HeatmapRequest } from './heatmap-job';

const scope = self as unknown as { onmessage: ((e: MessageEvent<HeatmapRequest>) => void) | null; postMessage(message: unknown, transfer: Transferable[]): void };

scope.onmessage = (event) => {
  const answer = runHeatmap(event.data);
  scope.postMessage(answer, [answer.values.buffer]);
};
