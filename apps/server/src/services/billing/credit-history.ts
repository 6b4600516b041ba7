import {
  platformOfVideoKey,
  type CreditHistoryEntry,
  type CreditHistoryKind,
  type CreditHistoryReply,
} from '@app/contracts';
import type { Repositories } from '../../repositories';
import type { CreditHistoryRow } from '../../repositories/credit-ledger.repository';

/**
 * The credit history (`GET /billing/history`): the signed-in user's ledger, newest first, one line
 * per ledger row, each with a sentence composed here from structured data (the analysis job's
 * title, the reversed grant, the numbers), never from the stored note verbatim: notes carry the
 * payment provider's ids (checkout, invoice, charge, dispute), which stay out of the reply.
 *
 * One line per movement, not one per analysis: a hold and its settlement stay two lines, because
 * the running balance after each line is then exactly what the balance was at that moment (an
 * analysis finishing after another one started would otherwise show balances that never existed),
 * and a hold still running must show anyway. The settlement's sentence states what the analysis
 * cost in the end, so the creator never has to add the two up.
 */
export async function listCreditHistory(
  deps: { repos: Pick<Repositories, 'ledger'> },
  input: { userId: string; before?: number | undefined; limit: number },
): Promise<CreditHistoryReply> {
  // One more than asked: whether an older page exists without a second query.
  const rows = await deps.repos.ledger.listHistory(input.userId, {
    before: input.before,
    limit: input.limit + 1,
  });
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    entries: page.map(toEntry),
    next_cursor: rows.length > input.limit && last ? String(last.id) : null,
  };
}

export function toEntry(row: CreditHistoryRow): CreditHistoryEntry {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    kind: PUBLIC_KIND[row.kind],
    credits: row.delta,
    description: describeCreditMovement(row),
    video_id: row.job?.videoId ?? null,
    balance_after: row.balanceAfter,
  };
}

/** The public kind of each ledger kind (the ledger's names are the server's own). */
export const PUBLIC_KIND: Record<CreditHistoryRow['kind'], CreditHistoryKind> = {
  signup_grant: 'welcome',
  purchase: 'credit_pack',
  plan_renewal: 'plan',
  reservation: 'analysis_hold',
  settlement: 'analysis_settled',
  refund: 'analysis_refund',
  payment_refund: 'payment_refund',
  chargeback: 'chargeback',
  chargeback_reversal: 'chargeback_reversal',
  adjustment: 'adjustment',
};

const number = new Intl.NumberFormat('en-US');
/** "1 credit", "3 credits", "1,500 credits". */
export function credits(n: number): string {
  return `${number.format(n)} ${Math.abs(n) === 1 ? 'credit' : 'credits'}`;
}

/** Longest title quoted in a sentence; longer ones end in an ellipsis. */
const TITLE_MAX = 80;

/** `Analysis of “Title”`, `Analysis of an Instagram post`, or `Analysis` when the job is gone. */
function analysisOf(job: CreditHistoryRow['job']): string {
  if (!job) return 'Analysis';
  const title = job.title?.replace(/\s+/g, ' ').trim();
  if (title) {
    const cut = title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1).trimEnd()}…` : title;
    return `Analysis of “${cut}”`;
  }
  return platformOfVideoKey(job.videoId) === 'instagram'
    ? 'Analysis of an Instagram post'
    : `Analysis of YouTube video ${job.videoId}`;
}

const PLAN_NAMES: Record<string, string> = { basic: 'Basic', pro: 'Pro', advanced: 'Advanced' };

/** What a purchase's note says it bought: `3 credit packs of 100 (checkout cs_…)`. */
function packsOf(note: string | null): { packs: number; each: number } | null {
  const m = /^(\d+) credit packs? of (\d+)\b/.exec(note ?? '');
  return m ? { packs: Number(m[1]), each: Number(m[2]) } : null;
}

/** What a plan grant's note says: `pro plan, first month (invoice in_…)` or `..., renewal (...)`. */
function planOf(note: string | null): { plan: string; first: boolean } | null {
  const m = /^(basic|pro|advanced) plan, (first month|renewal)\b/.exec(note ?? '');
  return m ? { plan: PLAN_NAMES[m[1]!]!, first: m[2] === 'first month' } : null;
}

/** The payment a refund or dispute was about, as the creator knows it. */
function paymentName(reversal: CreditHistoryRow['reversal']): string {
  if (reversal?.grantKind === 'plan_renewal') {
    const plan = planOf(reversal.grantNote);
    return plan ? `${plan.plan} plan payment` : 'plan payment';
  }
  if (reversal?.grantKind === 'purchase') {
    const bought = packsOf(reversal.grantNote);
    return bought ? `credit pack payment (${packLine(bought)})` : 'credit pack payment';
  }
  return 'payment';
}

function packLine({ packs, each }: { packs: number; each: number }): string {
  return packs === 1 ? credits(each) : `${packs} × ${credits(each)}`;
}

/** The share of a partial refund from the note (`(50% of the credit-pack payment refunded so far`). */
function refundedShare(note: string | null): string | null {
  const m = /\((\d+(?:\.\d+)?%) of the [\w -]+ payment refunded/.exec(note ?? '');
  return m && m[1] !== '100%' ? m[1]! : null;
}

/**
 * What a refund or dispute took back: its ledger row moves the balance's part, and the part taken
 * from a running analysis's hold is recorded with the reversal (see reverse-payment.ts).
 */
function takenBack(row: CreditHistoryRow): number {
  return Math.max(row.reversal?.taken ?? 0, -row.delta);
}

/** `, 250 of them from an analysis running then` when part came out of a hold. */
function fromHolds(row: CreditHistoryRow, taken: number): string {
  const held = taken + row.delta;
  return held > 0 ? `, ${number.format(held)} of them from an analysis running then` : '';
}

/** `; 20 had already been used` when a refund or dispute could not take all it accounted for. */
function shortfall(row: CreditHistoryRow, taken: number): string {
  const missing = row.reversal ? row.reversal.claimed - row.reversal.taken : 0;
  if (missing <= 0) return '';
  return taken === 0
    ? ` (all ${number.format(missing)} had already been used)`
    : ` (${number.format(missing)} more had already been used)`;
}

/** One sentence for a ledger row. Exhaustive over the ledger's kinds. */
export function describeCreditMovement(row: CreditHistoryRow): string {
  const { delta } = row;
  switch (row.kind) {
    case 'signup_grant':
      return 'Welcome credits';
    case 'purchase': {
      const bought = packsOf(row.note);
      if (!bought) return `Credit purchase: ${credits(delta)}`;
      return `${bought.packs === 1 ? 'Credit pack' : 'Credit packs'}: ${packLine(bought)}`;
    }
    case 'plan_renewal': {
      const plan = planOf(row.note);
      if (!plan) return `Plan credits: ${credits(delta)}`;
      return plan.first ? `${plan.plan} plan: first month` : `${plan.plan} plan renewal`;
    }
    case 'reservation':
      return `${analysisOf(row.job)}: ${credits(-delta)} held`;
    case 'settlement': {
      const what = analysisOf(row.job);
      // What it cost in the end: the job's own record, else the hold minus what came back.
      const charged = row.job ? (row.job.chargedCredits ?? row.job.reservedCredits - delta) : null;
      const used = charged !== null ? `${credits(charged)} used` : null;
      if (delta > 0) {
        const back = `${credits(delta)} returned (fewer comments than reserved)`;
        return `${what} finished: ${used ? `${used}, ${back}` : back}`;
      }
      return `${what} finished: ${used ?? 'all held credits used'}`;
    }
    case 'refund':
      return `${analysisOf(row.job)} failed: ${credits(delta)} refunded`;
    case 'payment_refund': {
      const share = refundedShare(row.note);
      const taken = takenBack(row);
      const head = `Refund of your ${paymentName(row.reversal)}${share ? `, ${share} refunded` : ''}`;
      return taken > 0
        ? `${head}: ${credits(taken)} taken back${fromHolds(row, taken)}${shortfall(row, taken)}`
        : `${head}: no credits taken back${shortfall(row, taken)}`;
    }
    case 'chargeback': {
      const taken = takenBack(row);
      const head = `Chargeback: your ${paymentName(row.reversal)} was disputed`;
      return taken > 0
        ? `${head}; ${credits(taken)} taken back${fromHolds(row, taken)}${shortfall(row, taken)}`
        : `${head}; no credits taken back${shortfall(row, taken)}`;
    }
    case 'chargeback_reversal':
      return delta > 0
        ? `Chargeback reversed (dispute won): ${credits(delta)} given back`
        : 'Chargeback reversed (dispute won): it had taken no credits';
    case 'adjustment':
      return delta >= 0
        ? `Credit adjustment: ${credits(delta)} added`
        : `Credit adjustment: ${credits(-delta)} removed`;
  }
}
