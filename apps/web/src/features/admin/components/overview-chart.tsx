/**
 * One overview chart on a canvas. Chart.js is registered with only the pieces used here (bar and line), so this
 * chunk stays small, and it loads only when an admin opens the dashboard.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Filler);
// The app's system font (index.css), not Chart.js's Helvetica.
Chart.defaults.font.family = getComputedStyle(document.body).fontFamily || Chart.defaults.font.family;

/** '31/08/2026' → '31/08' on the axis (the year is in the tooltip and the table). */
const shortDate = (label: string) => (/^\d{2}\/\d{2}\/\d{4}$/.test(label) ? label.slice(0, 5) : label);

export interface TChartSeries {
  title: string;
  /** Header of the labels' column in the data table. */
  labelColumn: string;
  labels: string[];
  values: number[];
}

const BRAND = '#047857';
const BRAND_LIGHT = 'rgba(4, 120, 87, 0.12)';
const GRID = '#e2e8f0';
const TEXT = '#334155';

function summary(series: TChartSeries): string {
  return `${series.title}: ${series.labels.map((label, i) => `${label} ${series.values[i] ?? 0}`).join(', ')}.`;
}

export default function OverviewChart({
  series,
  kind,
  horizontal = false,
}: {
  series: TChartSeries;
  kind: 'bar' | 'line';
  horizontal?: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const countAxis = { beginAtZero: true, ticks: { precision: 0, color: TEXT }, grid: { color: GRID } };
    const labelAxis = {
      ticks: {
        color: TEXT,
        // Every category keeps its label; only the 12 weeks may skip some on a narrow screen.
        autoSkip: kind === 'line',
        maxRotation: 0,
        callback(this: { getLabelForValue: (value: number) => string }, value: string | number) {
          return shortDate(this.getLabelForValue(Number(value)));
        },
      },
      grid: { display: false },
    };
    const config: ChartConfiguration<'bar' | 'line', number[], string> = {
      type: kind,
      data: {
        labels: series.labels,
        datasets: [
          {
            label: series.title,
            data: series.values,
            backgroundColor: kind === 'line' ? BRAND_LIGHT : BRAND,
            borderColor: BRAND,
            borderWidth: kind === 'line' ? 2 : 0,
            borderRadius: kind === 'bar' ? 6 : 0,
            maxBarThickness: 48,
            fill: kind === 'line',
            tension: 0.25,
            pointRadius: 3,
            pointBackgroundColor: BRAND,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: reducedMotion ? false : { duration: 400 },
        indexAxis: horizontal ? 'y' : 'x',
        locale: 'it-IT',
        plugins: { tooltip: { enabled: true }, legend: { display: false } },
        scales: horizontal ? { x: countAxis, y: labelAxis } : { x: labelAxis, y: countAxis },
      },
    };
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [series, kind, horizontal]);

  return <canvas ref={canvas} role="img" aria-label={summary(series)} />;
}
