import type { Cluster, CommentRef } from '@app/contracts';
import { Dialog } from '../../components/dialog';
import { formatCount, formatDate } from '../../lib/format';
import { clusterTitle } from './report-model';

/** A representative as older reports may carry it: `likes` instead of `like_count`, optional fields. */
type Representative = Partial<CommentRef> & { likes?: number | null };

/** '@author', else the comment id, else Anonymous. */
export function authorLabel(r: Representative): string {
  const author = r.author?.trim();
  if (author) return author.startsWith('@') ? author : `@${author}`;
  if (r.id && r.id.trim() !== '') return r.id;
  return 'Anonymous';
}

function initial(r: Representative): string {
  const name = r.author?.trim().replace(/^@/, '') ?? '';
  return name === '' ? '?' : name.charAt(0).toUpperCase();
}

/** Comment Evidence: the cluster's representative comments, rendered strictly as text. */
export function EvidenceModal({ cluster, onClose }: { cluster: Cluster; onClose: () => void }) {
  const reps = (cluster.representatives ?? []) as Representative[];
  return (
    <Dialog
      title="Comment Evidence"
      subtitle={clusterTitle(cluster)}
      onClose={onClose}
      className="dialog-wide"
    >
      {reps.length === 0 ? (
        <p className="muted">No representative comments in this report.</p>
      ) : (
        <ul className="evidence-list" data-testid="evidence-list">
          {reps.map((r, i) => {
            const likes = r.like_count ?? r.likes ?? 0;
            return (
              <li key={r.id ?? i} className="evidence-item">
                <span className="avatar" aria-hidden="true">
                  {initial(r)}
                </span>
                <div className="evidence-body">
                  <p className="evidence-meta">
                    <span className="evidence-author">{authorLabel(r)}</span>
                    <span className="muted">
                      {' · '}
                      {formatCount(likes)} {likes === 1 ? 'like' : 'likes'}
                      {r.published_at ? ` · ${formatDate(r.published_at)}` : ''}
                    </span>
                  </p>
                  <p className="evidence-text">{r.text ?? ''}</p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
