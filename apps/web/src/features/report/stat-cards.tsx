import type { ClusterSentiment } from '@app/contracts';
import { formatCount, processingMinutes } from '../../lib/format';
import { sentimentScore, shortVibe } from './report-model';

interface StatCardsProps {
  totalComments: number;
  processingSeconds: number;
  /** The report's stored sentiment of the whole video (its counts make the score). */
  sentiment: Pick<ClusterSentiment, 'counts'> | null | undefined;
  overallVibe: string | null | undefined;
  clusterCount: number;
}

/**
 * The three stat cards of the report view: Total Comments (with the processing time, else
 * 'Overview'), Sentiment Score (the share of positive comments from the report's stored counts,
 * "72% positive", with the overall vibe's opening sentence beneath) and Key Topics (the cluster
 * count).
 */
export function StatCards({
  totalComments,
  processingSeconds,
  sentiment,
  overallVibe,
  clusterCount,
}: StatCardsProps) {
  const score = sentimentScore(sentiment);
  const vibe = shortVibe(overallVibe);
  return (
    <div className="stat-cards">
      <section className="card stat-card" aria-labelledby="stat-total" data-testid="stat-total">
        <h3 id="stat-total" className="stat-title">
          Total Comments
        </h3>
        <p className="stat-value" data-testid="stat-total-value">
          {formatCount(totalComments)}
        </p>
        <p className="stat-sub" data-testid="stat-total-sub">
          {processingSeconds > 0
            ? `Processing: ${processingMinutes(processingSeconds)} min`
            : 'Overview'}
        </p>
      </section>
      <section
        className="card stat-card"
        aria-labelledby="stat-sentiment"
        data-testid="stat-sentiment"
      >
        <h3 id="stat-sentiment" className="stat-title">
          Sentiment Score
        </h3>
        <p className="stat-value" data-testid="stat-sentiment-value">
          {score ?? '—'}
        </p>
        {vibe !== '' ? (
          <p
            className="stat-sub stat-vibe"
            data-testid="stat-vibe"
            title={overallVibe?.trim() !== vibe ? overallVibe?.trim() : undefined}
          >
            {vibe}
          </p>
        ) : null}
      </section>
      <section className="card stat-card" aria-labelledby="stat-topics" data-testid="stat-topics">
        <h3 id="stat-topics" className="stat-title">
          Key Topics
        </h3>
        <p className="stat-value" data-testid="stat-topics-value">
          {clusterCount}
        </p>
        <p className="stat-sub">Identified themes</p>
      </section>
    </div>
  );
}
