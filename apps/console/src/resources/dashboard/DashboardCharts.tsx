// Loaded lazily (React.lazy in DashboardPage): @ant-design/plots lands in the `charts` chunk
// (vite.config.ts), fetched only when the dashboard shows its charts, never in the first load.
import { Funnel, Line } from '@ant-design/plots';
import { useColorMode } from '../../theme/colorMode.ts';
import type { Funnel as FunnelData, Series } from './api.ts';

const yuan = (fen: number) => Math.round(fen) / 100;

/** GMV over the period (by China hour today, else by day), this period against the one before. */
export function GmvChart(props: { series: Series; currentName: string; previousName: string }) {
  const { mode } = useColorMode();
  const { series } = props;
  const data = [
    ...series.current.map((p) => ({ label: p.label, gmv: yuan(p.gmv), period: props.currentName })),
    ...series.previous.map((p, i) => ({
      // Point for point with the current period: the previous one's N-th hour/day beside ours.
      label: series.current[i]?.label ?? p.label,
      gmv: yuan(p.gmv),
      period: props.previousName,
    })),
  ];
  return (
    <Line
      data={data}
      xField="label"
      yField="gmv"
      colorField="period"
      height={300}
      theme={mode === 'dark' ? 'classicDark' : 'classic'}
      axis={{ y: { title: '成交额（元）' } }}
      style={{ lineWidth: 2 }}
      tooltip={{ channel: 'y', valueFormatter: (v: number) => `¥${v.toFixed(2)}` }}
    />
  );
}

/** 浏览 → 加购 → 下单 → 支付 of the period. */
export function FunnelChart(props: { funnel: FunnelData }) {
  const { mode } = useColorMode();
  return (
    <Funnel
      data={props.funnel.steps.map((s) => ({ step: s.name, count: s.count }))}
      xField="step"
      yField="count"
      height={300}
      theme={mode === 'dark' ? 'classicDark' : 'classic'}
      legend={false}
    />
  );
}
