import { useMemo, useState, type ReactNode } from 'react';
import { isSampleVideoId, type Cluster, type ReportReply } from '@app/contracts';
import { SampleBadge } from '../../components/sample-badge';
import { formatCount, formatDate } from '../../lib/format';
import { ClusterDrawers, ClusterToolsScope, CreatorXToolbar } from '../cluster-tools';
import { ClustersList } from './clusters-list';
import { DonutChart } from './donut-chart';
import { EvidenceModal } from './evidence-modal';
import { QuestionsSection } from './questions-section';
import { Legend } from './legend';
import { SetAsideGroup } from './set-aside-group';
import { donutItems, sortClusters } from './report-model';
import type { SortMode } from './report-model';
import { StatCards } from './stat-cards';
import { ReportActions } from '../report-share/report-actions';
import { scrollMotion } from '../../lib/motion';

interface ReportViewProps {
  report: ReportReply;
  /** Changes when a new analysis starts or another report loads. */
  resetKey: string;
  onRetagged: () => void;
  /**
   * The Executive Summary card. The workspace analysis view hides it while a workspace is active;
   * the main view always shows it.
   */
  showExecutiveSummary?: boolean;
  /**
   * A shared link's view: no Export or Share, no cluster tools, drawers, chat or comment evidence
   * (a shared report carries no comment text).
   */
  readOnly?: boolean;
}

/** Stands in for the cluster tools' scope in the read-only view. */
function NoTools({ children }: { videoId: string; resetKey: string; children: ReactNode }) {
  return <>{children}</>;
}

/** What the coverage note says: how much of the video was analysed and whether likes are exact. */
export function coverageNotes(report: ReportReply): string[] {
  const notes: string[] = [];
  const body = report.report;
  const analyzed = body?.analysed_comments ?? report.total_comments;
  const total = body?.video_comment_count;
  if (typeof total === 'number' && analyzed < total) {
    notes.push(
      `Analyzed ${formatCount(analyzed)} of ${formatCount(total)} comments on this video.`,
    );
  }
  if (body?.likes_approximate) notes.push('Like counts are approximate for this comment source.');
  return notes;
}

function SummaryList({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <div className="summary-block">
      <h3>{title}</h3>
      {items.length === 0 ? (
        <p className="muted">-</p>
      ) : (
        <ul>
          {items.map((t, i) => (
            <li key={i}>{t}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The report view: stat cards, summary, donut with legend, clusters and evidence. */
export default function ReportView({
  report,
  resetKey,
  onRetagged,
  showExecutiveSummary = true,
  readOnly = false,
}: ReportViewProps) {
  const ToolsScope = readOnly ? NoTools : ClusterToolsScope;
  const Title = readOnly ? 'h1' : 'h2';
  const [mode, setMode] = useState<SortMode>('most');
  const [openIds, setOpenIds] = useState<Set<number>>(() => new Set());
  const [filter, setFilter] = useState<Set<string>>(() => new Set());
  const [evidence, setEvidence] = useState<Cluster | null>(null);

  const clusters = useMemo(() => report.report?.clusters ?? [], [report]);
  const sorted = useMemo(() => sortClusters(clusters, mode), [clusters, mode]);
  const items = useMemo(() => donutItems(clusters, mode), [clusters, mode]);
  const summary = report.executive_summary;
  const notes = coverageNotes(report);
  const sample = isSampleVideoId(report.video_id);

  const toggle = (id: number) =>
    setOpenIds((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onSlice = (id: number) => {
    const opening = !openIds.has(id);
    toggle(id);
    if (opening) {
      // Make sure the row is visible: clear a filter that hides it, then bring it into view.
      const c = clusters.find((x) => x.cluster_id === id);
      if (c && filter.size > 0 && !filter.has(c.category)) setFilter(new Set());
      requestAnimationFrame(() =>
        document
          .getElementById(`cluster-row-${id}`)
          ?.scrollIntoView({ block: 'nearest', behavior: scrollMotion() }),
      );
    }
  };

  /** Opens a cluster's row (a question's link), clearing a filter that hides it, and scrolls to it. */
  const showCluster = (id: number) => {
    setOpenIds((prev) => (prev.has(id) ? prev : new Set(prev).add(id)));
    const c = clusters.find((x) => x.cluster_id === id);
    if (c && filter.size > 0 && !filter.has(c.category)) setFilter(new Set());
    requestAnimationFrame(() => {
      const row = document.getElementById(`cluster-row-${id}`);
      row?.querySelector<HTMLElement>('.cluster-row-head')?.focus({ preventScroll: true });
      row?.scrollIntoView({ block: 'start', behavior: scrollMotion() });
    });
  };

  return (
    <div className="report" data-testid="report" data-video-id={report.video_id}>
      <div className="report-head">
        <div>
          <div className="report-title-row">
            {/* a shared link's page has no other heading: the title is its h1 */}
            <Title className="report-title">{report.title ?? `Video ${report.video_id}`}</Title>
            {sample ? <SampleBadge /> : null}
          </div>
          <p className="muted small">
            {report.channel_title ? `${report.channel_title} · ` : ''}Analyzed{' '}
            {formatDate(report.created_at)}
          </p>
        </div>
        {readOnly ? null : <ReportActions videoId={report.video_id} />}
      </div>
      {sample ? (
        <div className="note" role="note" data-testid="sample-note">
          <p>
            <strong>Sample data.</strong> This report is made from invented comments on an invented
            channel that ships with Chorus, so you can see what a report looks like. It cost no
            credits. Paste a link to one of your own videos to analyze your audience.
          </p>
        </div>
      ) : null}
      {notes.length > 0 ? (
        <div className="note" role="note" data-testid="coverage-note">
          {notes.map((n) => (
            <p key={n}>{n}</p>
          ))}
        </div>
      ) : null}
      <StatCards
        totalComments={report.total_comments}
        processingSeconds={report.processing_seconds}
        sentiment={report.report.sentiment}
        overallVibe={summary?.overall_vibe}
        clusterCount={clusters.length}
      />
      {showExecutiveSummary ? (
        <section className="card summary" aria-labelledby="summary-title">
          <h2 id="summary-title">Executive Summary</h2>
          <div className="summary-block">
            <h3>Overall Vibe</h3>
            <p data-testid="summary-vibe">{summary?.overall_vibe || 'Positive'}</p>
          </div>
          <div className="summary-columns">
            <SummaryList title="Key Positives" items={summary?.key_positives ?? []} />
            <SummaryList
              title="Improvement Suggestions"
              items={summary?.improvement_suggestions ?? []}
            />
          </div>
        </section>
      ) : null}
      <section className="card chart-card" aria-labelledby="chart-title">
        <div className="chart-head">
          <h2 id="chart-title">Topic Distribution</h2>
          <div className="segmented" role="group" aria-label="Measure">
            <button type="button" aria-pressed={mode === 'most'} onClick={() => setMode('most')}>
              Volume
            </button>
            <button
              type="button"
              aria-pressed={mode === 'engagement'}
              onClick={() => setMode('engagement')}
            >
              Engagement
            </button>
          </div>
        </div>
        <div className="chart-layout">
          <DonutChart
            items={items}
            clusterCount={clusters.length}
            activeKeys={openIds}
            onSliceClick={onSlice}
          />
          <Legend items={items} activeKeys={openIds} onItemClick={onSlice} />
        </div>
      </section>
      {readOnly ? null : (
        <QuestionsSection
          questions={report.questions}
          clusters={clusters}
          onShowCluster={showCluster}
        />
      )}
      <ToolsScope videoId={report.video_id} resetKey={resetKey}>
        <ClustersList
          clusters={sorted}
          mode={mode}
          openIds={openIds}
          onToggle={toggle}
          filter={filter}
          onFilterChange={setFilter}
          onShowEvidence={setEvidence}
          toolbar={
            readOnly ? null : <CreatorXToolbar videoId={report.video_id} onRetagged={onRetagged} />
          }
          readOnly={readOnly}
        />
        {readOnly ? null : <ClusterDrawers />}
      </ToolsScope>
      {readOnly ? null : (
        <SetAsideGroup videoId={report.video_id} group={report.spam} onRestored={onRetagged} />
      )}
      {evidence ? <EvidenceModal cluster={evidence} onClose={() => setEvidence(null)} /> : null}
    </div>
  );
}
