import { useState } from 'react';
import { Dialog } from './dialog';
import { planLabel } from '../lib/format';

/** The plans of spec section 9. */
export const PLANS = [
  {
    id: 'basic',
    price: '$29/month',
    credits: '500',
    comments: '50,000',
    perks: ['Full comment reports', 'Notes per video'],
  },
  {
    id: 'pro',
    price: '$79/month',
    credits: '1,500',
    comments: '150,000',
    perks: ['Everything in Basic', 'Priority processing'],
  },
  {
    id: 'advanced',
    price: '$199/month',
    credits: '5,000',
    comments: '500,000',
    perks: ['All Pro features', 'Largest comment volume'],
  },
] as const;

/** 'Choose Your Plan' with Basic, Pro and Advanced; the current plan is highlighted. */
export function PlansModal({
  currentPlan,
  onClose,
}: {
  currentPlan: string | null;
  onClose: () => void;
}) {
  const current = (currentPlan ?? 'basic').toLowerCase();
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Dialog
      title="Choose Your Plan"
      subtitle="Monthly plans. 1 credit covers 100 comments."
      onClose={onClose}
      className="dialog-wide"
    >
      <div className="plans-grid">
        {PLANS.map((p) => {
          const isCurrent = p.id === current;
          return (
            <section
              key={p.id}
              className={`plan-card${isCurrent ? ' plan-card-current' : ''}`}
              aria-label={`${planLabel(p.id)} plan${isCurrent ? ' (current plan)' : ''}`}
              data-testid={`plan-card-${p.id}`}
              data-current={isCurrent ? 'true' : 'false'}
            >
              {isCurrent ? <span className="badge badge-accent">Current plan</span> : null}
              <h3>{planLabel(p.id)}</h3>
              <p className="plan-price">{p.price}</p>
              <ul>
                <li>{p.credits} credits per month</li>
                <li>{p.comments} comments covered</li>
                {p.perks.map((perk) => (
                  <li key={perk}>{perk}</li>
                ))}
              </ul>
              <button
                type="button"
                className={isCurrent ? 'btn btn-ghost' : 'btn btn-primary'}
                disabled={isCurrent}
                onClick={() =>
                  setNotice(`Checkout for the ${planLabel(p.id)} plan is not available yet.`)
                }
              >
                {isCurrent ? 'Your plan' : `Choose ${planLabel(p.id)}`}
              </button>
            </section>
          );
        })}
      </div>
      {notice ? (
        <p role="status" className="muted">
          {notice}
        </p>
      ) : null}
    </Dialog>
  );
}
