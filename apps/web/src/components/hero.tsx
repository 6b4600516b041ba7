import { CommentsCounter } from './comments-counter';

interface HeroProps {
  onAnalyze: () => void;
  onCreateWorkspace: () => void;
  /** Signed in: starts the free sample report (invented comments shipped with Chorus). */
  onTrySample?: () => void;
}

/** Landing hero: badge, tagline, the two actions and the live counter. */
export function Hero({ onAnalyze, onCreateWorkspace, onTrySample }: HeroProps) {
  return (
    <section className="hero" aria-labelledby="hero-title" data-testid="hero">
      <span className="badge badge-accent">AI-Powered Analytics</span>
      <h1 id="hero-title">Hear what your audience is really saying</h1>
      <p className="hero-tagline">
        Chorus reads the comments on your YouTube videos and Instagram posts and turns them into
        clear themes, questions, praise and requests, so you know what to make next.
      </p>
      <div className="hero-actions">
        <button type="button" className="btn btn-primary" onClick={onAnalyze}>
          Analyze URL
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCreateWorkspace}>
          Create a Workspace
        </button>
        {onTrySample ? (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={onTrySample}
            data-testid="try-sample"
          >
            Try a sample report
          </button>
        ) : null}
      </div>
      {onTrySample ? (
        <p className="muted small hero-sample-hint">
          No video at hand? The sample report runs on invented comments, free.
        </p>
      ) : null}
      <CommentsCounter />
    </section>
  );
}
