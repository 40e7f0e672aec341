// The parts of echarts the statistics pages draw with. Loaded with import() by the chart component
// only, so echarts stays out of the remote's first chunk and off its other pages (ARCHITECTURE §3).
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
