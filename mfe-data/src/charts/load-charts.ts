// One door to the charts module, so pages load echarts only when a chart is on screen and tests can
// stand in for the canvas.
export const loadCharts = () => import('./echarts');
