import { useState } from 'react';
import { formatCount, processingMinutes } from '../../lib/format';
import { VIBE_TRUNCATE_AT } from './report-model';

interface StatCardsProps {
  totalComments: number;
  processingSeconds: number;
  overallVibe: string | null | undefined;
  clusterCount: number;
}

/**
 * The three stat cards of the report view: Total Comments (with the processing time, else
 * 'Overview'), Sentiment Score (the overall vibe, 'Positive' when empty, long text behind Show more)
 * and Key Topics (the cluster count).
 */
export function StatCards({
  totalComments,
  processingSeconds,
  overallVibe,
  clusterCount,
}: StatCardsProps) {
  const [vibeOpen, setVibeOpen] = useState(false);
  const vibe = overallVibe && overallVibe.trim() !== '' ? overallVibe.trim() : 'Positive';
  const long = vibe.length > VIBE_TRUNCATE_AT;
  const shownVibe = long && !vibeOpen ? `${vibe.slice(0, VIBE_TRUNCATE_AT).trimEnd()}…` : vibe;
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
        <p className={`stat-value${long ? ' stat-value-text' : ''}`} data-testid="stat-vibe">
          {shownVibe}
        </p>
        {long ? (
          <button
            type="button"
            className="link-button"
            aria-expanded={vibeOpen}
            onClick={() => setVibeOpen((o) => !o)}
          >
            {vibeOpen ? 'Show less' : 'Show more'}
          </button>
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
