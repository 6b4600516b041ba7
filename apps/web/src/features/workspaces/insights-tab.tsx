import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { InsightVideo, SinceLast, ThemeChange, WorkspaceInsightsReply } from '@app/contracts';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/api-client';
import { formatCount, formatDate, formatPercent } from '../../lib/format';
import { colourAt } from '../report/report-model';
import { LineChart, VolumeChart } from './insights-charts';
import {
  INTENT_ORDER,
  SENTIMENT_LABELS,
  SENTIMENT_ORDER,
  intentPercent,
  intentSeries,
  pointsChange,
  sentimentPercent,
  sentimentSeries,
  videoTitle,
} from './insights-model';
import './insights.css';

/** The insights of a workspace (under the workspaces' keys, so their invalidation reaches it). */
export const insightsKey = (id: number) => ['workspaces', id, 'insights'] as const;

interface InsightsTabProps {
  workspaceId: number;
  /** Shows a video's report below the tabs. */
  onOpenReport: (videoId: string) => void;
}

/**
 * The Insights tab: the workspace's analysed videos and posts over time (sentiment, intents and
 * comment volume as charts, or as a table), the latest against the one before, and the themes
 * that recur across videos, each linked to its reports.
 */
export function InsightsTab({ workspaceId, onOpenReport }: InsightsTabProps) {
  const insights = useQuery({
    queryKey: insightsKey(workspaceId),
    queryFn: ({ signal }) => api.workspaceInsights({ params: { id: workspaceId }, signal }),
  });
  if (insights.isPending)
    return (
      <p className="muted" role="status">
        Loading insights…
      </p>
    );
  if (insights.isError)
    return (
      <div className="ws-load-error" role="alert">
        <p>Could not load the insights: {errorMessage(insights.error)}</p>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => void insights.refetch()}
        >
          Try again
        </button>
      </div>
    );
  return <InsightsBody data={insights.data} onOpenReport={onOpenReport} />;
}

function InsightsBody({
  data,
  onOpenReport,
}: {
  data: WorkspaceInsightsReply;
  onOpenReport: (videoId: string) => void;
}) {
  const [asTable, setAsTable] = useState(false);
  const { videos } = data;
  if (videos.length < 2)
    return (
      <div className="ws-empty" data-testid="insights-empty">
        <p className="muted">
          Insights compare your videos and posts over time. Analyze at least two of them to see how
          your audience changes
          {videos.length === 1 ? ' (one is analyzed so far).' : '.'}
        </p>
      </div>
    );
  const byId = new Map(videos.map((v) => [v.video_id, v]));
  const open = (videoId: string) => onOpenReport(videoId);
  return (
    <div className="ins" data-testid="insights">
      <section aria-labelledby="ins-over-time">
        <div className="ins-head">
          <h2 id="ins-over-time" className="ins-h2">
            Over time
          </h2>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-pressed={asTable}
            data-testid="insights-table-toggle"
            onClick={() => setAsTable((t) => !t)}
          >
            {asTable ? 'Show as charts' : 'Show as table'}
          </button>
        </div>
        <p className="muted small">
          {videos.length} analyzed videos and posts, oldest first, by publication date.
        </p>
        {asTable ? (
          <InsightsTable videos={videos} />
        ) : (
          <div className="ins-charts">
            <LineChart
              title="Sentiment"
              description="The share of positive, neutral and negative comments of each video, in publication order."
              videos={videos}
              series={sentimentSeries(videos)}
              testId="chart-sentiment"
            />
            <LineChart
              title="Intents"
              description="The share of praise, questions, requests, criticism and opinions among each video's comments, in publication order."
              videos={videos}
              series={intentSeries(videos, colourAt)}
              testId="chart-intents"
            />
            <VolumeChart videos={videos} />
          </div>
        )}
      </section>
      {data.since_last ? <SinceLastCard since={data.since_last} byId={byId} onOpen={open} /> : null}
      <section aria-labelledby="ins-recurring" className="ins-section">
        <h2 id="ins-recurring" className="ins-h2">
          Recurring themes
        </h2>
        {data.recurring_themes.length === 0 ? (
          <p className="muted">No theme has come up in more than one video yet.</p>
        ) : (
          <ul className="ins-themes" data-testid="recurring-themes">
            {data.recurring_themes.map((theme) => (
              <li key={`${theme.label}|${theme.video_ids.join(',')}`} className="ins-theme">
                <h3 className="ins-theme-title">{theme.label}</h3>
                <p className="muted small">
                  In {theme.video_ids.length} videos · {formatCount(theme.comment_count)} comments
                </p>
                <ul className="ins-theme-videos">
                  {theme.appearances.map((a) => (
                    <li key={a.video_id}>
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => open(a.video_id)}
                      >
                        {videoTitle(byId.get(a.video_id))}
                      </button>{' '}
                      <span className="muted small">
                        {formatCount(a.comment_count)} comments ({formatPercent(a.percentage)})
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function InsightsTable({ videos }: { videos: readonly InsightVideo[] }) {
  return (
    <div
      className="ins-table-wrap"
      role="region"
      aria-label="Insights as a table"
      tabIndex={0}
      data-testid="insights-table"
    >
      <table className="ins-table">
        <caption className="sr-only">
          Each analyzed video and post, oldest first: comments analyzed, sentiment and intent shares
          in percent, and its largest themes.
        </caption>
        <thead>
          <tr>
            <th scope="col">Video</th>
            <th scope="col">Published</th>
            <th scope="col">Comments</th>
            {SENTIMENT_ORDER.map((s) => (
              <th scope="col" key={s}>
                {SENTIMENT_LABELS[s]}
              </th>
            ))}
            {INTENT_ORDER.map((i) => (
              <th scope="col" key={i}>
                {i}
              </th>
            ))}
            <th scope="col">Top themes</th>
          </tr>
        </thead>
        <tbody>
          {videos.map((v) => (
            <tr key={v.video_id} data-video={v.video_id}>
              <th scope="row">{videoTitle(v)}</th>
              <td>{v.published_at ? formatDate(v.published_at) : '—'}</td>
              <td data-col="comments">{formatCount(v.analysed_comments)}</td>
              {SENTIMENT_ORDER.map((s) => (
                <td key={s} data-col={s}>
                  {sentimentPercent(v, s)}%
                </td>
              ))}
              {INTENT_ORDER.map((i) => (
                <td key={i} data-col={i}>
                  {intentPercent(v, i)}%
                </td>
              ))}
              <td className="ins-table-themes">
                {v.top_themes.map((t) => `${t.label} (${formatPercent(t.percentage)})`).join('; ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ChangeList({
  title,
  items,
  describe,
  testId,
}: {
  title: string;
  items: readonly ThemeChange[];
  describe: (c: ThemeChange) => string;
  testId: string;
}) {
  return (
    <div className="ins-change" data-testid={testId}>
      <h3 className="ins-h3">{title}</h3>
      {items.length === 0 ? (
        <p className="muted small">None.</p>
      ) : (
        <ul>
          {items.map((c) => (
            <li key={`${c.label}|${c.cluster_id}`}>
              <span className="ins-change-label">{c.label}</span>{' '}
              <span className="muted small">{describe(c)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const comments = (n: number) => `${formatCount(n)} ${n === 1 ? 'comment' : 'comments'}`;

function SinceLastCard({
  since,
  byId,
  onOpen,
}: {
  since: SinceLast;
  byId: Map<string, InsightVideo>;
  onOpen: (videoId: string) => void;
}) {
  const latest = byId.get(since.video_id);
  const previous = byId.get(since.previous_video_id);
  const shareLine = (name: string, c: SinceLast['criticism']) =>
    `${name}: ${c.previous_percent}% → ${c.percent}% (${pointsChange(c.percent - c.previous_percent)}; ${comments(c.previous_count)} → ${comments(c.count)})`;
  return (
    <section aria-labelledby="ins-since" className="ins-section ins-since" data-testid="since-last">
      <h2 id="ins-since" className="ins-h2">
        Since the last video
      </h2>
      <p className="small">
        <button type="button" className="link-button" onClick={() => onOpen(since.video_id)}>
          {videoTitle(latest)}
        </button>{' '}
        <span className="muted">against</span>{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => onOpen(since.previous_video_id)}
        >
          {videoTitle(previous)}
        </button>
      </p>
      <ul className="ins-shares">
        <li data-testid="since-criticism">{shareLine('Criticism', since.criticism)}</li>
        <li data-testid="since-question">{shareLine('Questions', since.question)}</li>
      </ul>
      <div className="ins-changes">
        <ChangeList
          title="New themes"
          items={since.new_themes}
          describe={(c) => `${comments(c.comment_count)} (${formatPercent(c.percentage)})`}
          testId="since-new"
        />
        <ChangeList
          title="Grew"
          items={since.grown}
          describe={(c) =>
            `${formatPercent(c.previous_percentage)} → ${formatPercent(c.percentage)} (${comments(c.previous_comment_count)} → ${comments(c.comment_count)})`
          }
          testId="since-grown"
        />
        <ChangeList
          title="Faded"
          items={since.faded}
          describe={(c) =>
            `${formatPercent(c.previous_percentage)} → ${formatPercent(c.percentage)} (${comments(c.previous_comment_count)} → ${comments(c.comment_count)})`
          }
          testId="since-faded"
        />
      </div>
    </section>
  );
}
