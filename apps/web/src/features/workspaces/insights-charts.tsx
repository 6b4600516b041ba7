import { useId, type ReactNode } from 'react';
import type { InsightVideo } from '@app/contracts';
import { formatCount } from '../../lib/format';
import {
  axisDate,
  labelledPoints,
  spansYears,
  videoTitle,
  type ChartSeries,
} from './insights-model';

const W = 360;
const H = 200;
const PAD = { left: 38, right: 12, top: 12, bottom: 30 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;

function xAt(i: number, n: number): number {
  return PAD.left + (n <= 1 ? PLOT_W / 2 : (i * PLOT_W) / (n - 1));
}
function yAt(value: number, max: number): number {
  return PAD.top + PLOT_H - (max <= 0 ? 0 : (value / max) * PLOT_H);
}

/** A rounded top for the y axis: 10, 20, 50, 100, 200, … above `max`. */
export function niceMax(max: number): number {
  if (max <= 0) return 10;
  const p = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 5, 10]) if (max <= m * p) return m * p;
  return 10 * p;
}

function Axes({
  videos,
  max,
  unit,
  xOf,
  spread,
}: {
  videos: readonly InsightVideo[];
  max: number;
  unit: string;
  /** Where video `i` sits on the x axis. */
  xOf: (i: number) => number;
  /** Points reach the plot's edges (lines): the first and last labels lean inwards. */
  spread: boolean;
}) {
  const ticks = [0, max / 2, max];
  const shown = labelledPoints(videos.length);
  const withYear = spansYears(videos);
  return (
    <g className="ins-axes" aria-hidden="true">
      {ticks.map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={W - PAD.right} y1={yAt(t, max)} y2={yAt(t, max)} />
          <text x={PAD.left - 6} y={yAt(t, max) + 4} textAnchor="end">
            {`${formatCount(t)}${unit}`}
          </text>
        </g>
      ))}
      {videos.map((v, i) =>
        shown.has(i) ? (
          <text
            key={v.video_id}
            x={xOf(i)}
            y={H - 10}
            textAnchor={
              spread && videos.length > 1 && i === 0
                ? 'start'
                : spread && videos.length > 1 && i === videos.length - 1
                  ? 'end'
                  : 'middle'
            }
          >
            {axisDate(v.published_at ?? v.analysed_at, withYear)}
          </text>
        ) : null,
      )}
    </g>
  );
}

function Legend({ series }: { series: readonly ChartSeries[] }) {
  return (
    <ul className="ins-legend">
      {series.map((s) => (
        <li key={s.key}>
          <svg width="22" height="10" aria-hidden="true" focusable="false">
            <line
              x1="1"
              x2="21"
              y1="5"
              y2="5"
              stroke={s.colour}
              strokeWidth="3"
              strokeDasharray={s.dash || undefined}
            />
          </svg>
          {s.label}
        </li>
      ))}
    </ul>
  );
}

/** A chart's frame: its title, the SVG (labelled by the title and a description), a legend. */
function ChartFigure({
  title,
  description,
  testId,
  children,
  legend,
}: {
  title: string;
  description: string;
  testId: string;
  children: ReactNode;
  legend?: ReactNode;
}) {
  const id = useId();
  return (
    <figure className="ins-chart" data-testid={testId}>
      <figcaption id={`${id}-title`} className="ins-chart-title">
        {title}
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="ins-svg"
      >
        <desc id={`${id}-desc`}>{description}</desc>
        {children}
      </svg>
      {legend}
    </figure>
  );
}

interface LineChartProps {
  title: string;
  /** One sentence for screen readers: what the chart shows (the table has the numbers). */
  description: string;
  videos: readonly InsightVideo[];
  series: readonly ChartSeries[];
  testId: string;
}

/** Shares over time (0-100%), one line per series, one point per video. */
export function LineChart({ title, description, videos, series, testId }: LineChartProps) {
  const n = videos.length;
  const max = 100;
  return (
    <ChartFigure
      title={title}
      description={description}
      testId={testId}
      legend={<Legend series={series} />}
    >
      <Axes videos={videos} max={max} unit="%" xOf={(i) => xAt(i, n)} spread />
      {series.map((s) => (
        <g key={s.key} data-series={s.key}>
          <polyline
            fill="none"
            stroke={s.colour}
            strokeWidth="2.5"
            strokeDasharray={s.dash || undefined}
            strokeLinejoin="round"
            points={s.values.map((v, i) => `${xAt(i, n)},${yAt(v, max)}`).join(' ')}
          />
          {s.values.map((v, i) => (
            <circle key={i} cx={xAt(i, n)} cy={yAt(v, max)} r="3.5" fill={s.colour}>
              <title>{`${videoTitle(videos[i])}: ${s.label} ${v}%`}</title>
            </circle>
          ))}
        </g>
      ))}
    </ChartFigure>
  );
}

/** Comments analysed per video, one bar each. */
export function VolumeChart({ videos }: { videos: readonly InsightVideo[] }) {
  const n = videos.length;
  const max = niceMax(Math.max(0, ...videos.map((v) => v.analysed_comments)));
  const slot = PLOT_W / Math.max(1, n);
  const bar = Math.max(3, Math.min(28, slot * 0.6));
  // Bars sit in slots; the axis labels use the same centres.
  const centre = (i: number) => PAD.left + slot * (i + 0.5);
  return (
    <ChartFigure
      title="Comments analysed"
      description="How many comments each analysis read, video by video in publication order."
      testId="chart-volume"
    >
      <Axes videos={videos} max={max} unit="" xOf={centre} spread={false} />
      {videos.map((v, i) => (
        <rect
          key={v.video_id}
          className="ins-bar"
          x={centre(i) - bar / 2}
          width={bar}
          y={yAt(v.analysed_comments, max)}
          height={PAD.top + PLOT_H - yAt(v.analysed_comments, max)}
          rx="3"
        >
          <title>{`${videoTitle(v)}: ${formatCount(v.analysed_comments)} comments`}</title>
        </rect>
      ))}
    </ChartFigure>
  );
}
