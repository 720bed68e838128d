import { useEffect, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { AnalyticsSummary } from '@linksite/contract';
import { formatDay } from '../lib/format';
import { messages } from '../lib/messages';

// Only what this chart draws (a bar and two lines, two axes, legend and tooltip): Chart.js tree-shakes the rest.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

type Day = AnalyticsSummary['series'][number];

/** Draws the chart on `canvas`; returns what destroys it. Injected in tests (jsdom has no canvas). */
export type CreateChart = (canvas: HTMLCanvasElement, series: Day[]) => () => void;

const COLORS = { views: '#2563eb', visitors: '#059669', clicks: '#f59e0b' };

/** Views and visitors as lines, clicks as bars, per day (Chart.js 4, responsive, Korean labels). */
export const createDailyChart: CreateChart = (canvas, series) => {
  const chart = new Chart(canvas, {
    type: 'bar',
    data: {
      labels: series.map((day) => formatDay(day.day)),
      datasets: [
        {
          type: 'line',
          label: messages.views,
          data: series.map((day) => day.views),
          borderColor: COLORS.views,
          backgroundColor: COLORS.views,
          tension: 0.25,
          pointRadius: series.length > 31 ? 0 : 3,
          order: 2,
        },
        {
          type: 'line',
          label: messages.visitors,
          data: series.map((day) => day.visitors),
          borderColor: COLORS.visitors,
          backgroundColor: COLORS.visitors,
          // Dashed: on a day when every view is a new visitor the two lines coincide, and both stay visible.
          borderDash: [6, 4],
          tension: 0.25,
          pointRadius: series.length > 31 ? 0 : 3,
          // Drawn last (lowest order), over the views line.
          order: 1,
        },
        {
          type: 'bar',
          label: messages.clicks,
          data: series.map((day) => day.clicks),
          backgroundColor: `${COLORS.clicks}b3`,
          borderRadius: 3,
          order: 3,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: { grid: { display: false }, ticks: { autoSkip: true, maxRotation: 0, autoSkipPadding: 12 } },
        y: { beginAtZero: true, ticks: { precision: 0 } },
      },
      plugins: {
        // In dataset order (views, visitors, clicks), not in drawing order.
        legend: {
          position: 'bottom',
          labels: { boxWidth: 12, usePointStyle: true, sort: (a, b) => (a.datasetIndex ?? 0) - (b.datasetIndex ?? 0) },
        },
      },
    },
  });
  return () => chart.destroy();
};

export interface DailyChartProps {
  series: Day[];
  days: number;
  createChart?: CreateChart;
}

/**
 * The daily chart, with its data as a table for screen readers and anyone who prefers numbers (`표로 보기`): the canvas
 * is an image with a label that says so.
 */
export function DailyChart({ series, days, createChart = createDailyChart }: DailyChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return undefined;
    return createChart(canvas.current, series);
  }, [series, createChart]);

  return (
    <div className="insights-chart">
      <div className="insights-chart__canvas">
        <canvas ref={canvas} role="img" aria-label={messages.chartLabel(days)} data-testid="insights-chart" />
      </div>
      <details className="insights-chart__table">
        <summary>{messages.showTable}</summary>
        <div className="insights-table__scroll">
          <table className="insights-table" data-testid="insights-daily-table">
            <thead>
              <tr>
                <th scope="col">{messages.day}</th>
                <th scope="col">{messages.views}</th>
                <th scope="col">{messages.visitors}</th>
                <th scope="col">{messages.clicks}</th>
              </tr>
            </thead>
            <tbody>
              {series.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{formatDay(day.day)}</th>
                  <td>{day.views}</td>
                  <td>{day.visitors}</td>
                  <td>{day.clicks}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
