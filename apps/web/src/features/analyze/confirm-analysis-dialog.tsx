import { Dialog } from '../../components/dialog';
import { formatCount, formatDate } from '../../lib/format';

/** What the confirmation shows: a video's estimate, or a batch's total. */
export interface PriceSummary {
  /** Comments the video (or the videos together) has; null when the source cannot say. */
  commentCount: number | null;
  /** Credits the start holds. */
  credits: number;
  balance: number;
  /** Comments the balance and the per-analysis maximum allow. */
  willAnalyse: number;
  /** The most comments one analysis reads. */
  maxComments: number;
}

const credits = (n: number) => `${formatCount(n)} ${n === 1 ? 'credit' : 'credits'}`;
const comments = (n: number) => `${formatCount(n)} ${n === 1 ? 'comment' : 'comments'}`;

/** The sentences that explain a price: what it costs and what the balance covers. */
export function priceLines(p: PriceSummary): { cost: string; cover: string } {
  if (p.balance < 1)
    return {
      cost: 'An analysis needs at least 1 credit (1 credit covers 100 comments).',
      cover: `Your balance is 0 credits. Use Buy Credits at the top of the page to add more.`,
    };
  if (p.commentCount === null)
    return {
      cost: `YouTube does not say how many comments this has, so up to ${credits(p.credits)} are held for up to ${comments(p.willAnalyse)}.`,
      cover: `You pay 1 credit per 100 comments read; what the analysis does not use comes back when it finishes. Your balance is ${credits(p.balance)}.`,
    };
  const all = p.willAnalyse >= p.commentCount;
  const yours = `Your ${credits(p.balance)} ${p.balance === 1 ? 'covers' : 'cover'}`;
  return {
    cost: `${comments(p.commentCount)} · ${credits(p.credits)}`,
    cover: all
      ? `${yours} all ${comments(p.commentCount)}.`
      : p.willAnalyse >= p.maxComments && p.balance * 100 >= p.maxComments
        ? `One analysis reads at most ${comments(p.maxComments)}: the ${formatCount(p.maxComments)} most relevant of ${formatCount(p.commentCount)} are analysed.`
        : `${yours} ${formatCount(p.willAnalyse)} of ${comments(p.commentCount)}.`,
  };
}

interface ConfirmAnalysisDialogProps {
  title: string;
  /** The video's title, or how many videos a batch holds. */
  subject: string;
  price: PriceSummary;
  /** The creator's newest finished analysis of this video: Open report is offered beside. */
  lastAnalysis?: { createdAt: string } | null;
  /** Extra lines (a batch's videos that cannot start). */
  notes?: string[];
  busy?: boolean;
  onConfirm: () => void;
  onOpenReport?: () => void;
  onClose: () => void;
}

/**
 * The price before the click: comments, credits and what the balance covers, with "Analyze for N
 * credits"; a video analysed before offers its report (free) beside "Analyze again".
 */
export function ConfirmAnalysisDialog({
  title,
  subject,
  price,
  lastAnalysis,
  notes = [],
  busy = false,
  onConfirm,
  onOpenReport,
  onClose,
}: ConfirmAnalysisDialogProps) {
  const { cost, cover } = priceLines(price);
  const again = Boolean(lastAnalysis && onOpenReport);
  const canPay = price.balance >= 1 && price.credits >= 1;
  const payLabel = `${again ? 'Analyze again' : 'Analyze'} for ${credits(price.credits)}`;
  return (
    <Dialog title={title} subtitle={subject} onClose={onClose} className="confirm-analysis">
      <div data-testid="confirm-analysis">
        <p className="confirm-price" data-testid="confirm-price">
          {cost}
        </p>
        <p data-testid="confirm-cover">{cover}</p>
        {notes.map((n) => (
          <p key={n} className="muted small">
            {n}
          </p>
        ))}
        {again && lastAnalysis ? (
          <p className="muted small" data-testid="confirm-last">
            You analyzed this video on {formatDate(lastAnalysis.createdAt)}. Opening that report is
            free.
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          {again ? (
            <button
              type="button"
              className="btn btn-ghost"
              onClick={onConfirm}
              disabled={busy || !canPay}
              data-testid="confirm-analyze"
            >
              {payLabel}
            </button>
          ) : null}
          {again ? (
            <button
              type="button"
              className="btn btn-primary"
              onClick={onOpenReport}
              data-autofocus
              data-testid="confirm-open-report"
            >
              Open report
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              onClick={onConfirm}
              disabled={busy || !canPay}
              data-autofocus
              data-testid="confirm-analyze"
            >
              {payLabel}
            </button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
