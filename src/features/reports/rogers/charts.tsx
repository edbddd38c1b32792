// The charts of a Rogers dashboard (@mantine/charts over recharts). Loaded lazily by the dashboard
// page only, so the chart library never reaches the other screens' bundles.
import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Card, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Chart } from '../../../contract/rogers';
import { formatCell } from './format';

const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.7', 'pink.6'];

export default function DashboardCharts({ charts, dashboardId }: { charts: Chart[]; dashboardId: string }) {
  const { t } = useTranslation();
  const label = (key: string) => t(`rogers.columns.${key}`, { defaultValue: key });
  return (
    <Stack gap="md">
      {charts.map((c) => {
        const format = (v: number) => formatCell(v, c.Format);
        const series = c.Series.map((name, i) => ({
          name,
          label: label(name),
          color: COLORS[i % COLORS.length],
        }));
        const title = t(`rogers.charts.${dashboardId}.${c.Key}`, { defaultValue: '' });
        return (
          <Card key={c.Key} withBorder padding="md" data-testid={`rogers-chart-${c.Key}`}>
            {title && (
              <Text fw={600} mb="sm">
                {title}
              </Text>
            )}
            {c.Kind === 'donut' ? (
              <DonutChart
                h={240}
                withLabelsLine
                withLabels
                withTooltip
                valueFormatter={format}
                data={c.Data.map((d, i) => ({
                  name: t(`rogers.values.${String(d[c.XKey])}`, { defaultValue: String(d[c.XKey]) }),
                  value: Number(d[c.Series[0]] ?? 0),
                  color: COLORS[i % COLORS.length],
                }))}
              />
            ) : c.Kind === 'line' ? (
              <LineChart
                h={280}
                data={c.Data}
                dataKey={c.XKey}
                series={series}
                valueFormatter={format}
                withLegend
              />
            ) : (
              <BarChart
                h={300}
                data={c.Data}
                dataKey={c.XKey}
                series={series}
                type={c.Stacked ? 'stacked' : 'default'}
                valueFormatter={format}
                withLegend
                xAxisProps={{ interval: 'preserveStartEnd' }}
              />
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
