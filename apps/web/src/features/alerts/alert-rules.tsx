import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ALERT_COOLDOWN_HOURS,
  alertThresholdProblem,
  type AlertMetric,
  type AlertRule,
} from '@app/contracts';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/api-client';
import './alerts.css';

export const alertRuleKeys = {
  list: (workspaceId: number) => ['alert-rules', workspaceId] as const,
};

const METRIC_OPTIONS: { value: AlertMetric; label: string }[] = [
  { value: 'criticism_share', label: 'Criticism share (%)' },
  { value: 'negative_share', label: 'Negative share (%)' },
  { value: 'question_count', label: 'Questions to answer (count)' },
];

/** "Criticism share at or above 25%", "At least 5 questions to answer". */
export function ruleText(rule: Pick<AlertRule, 'metric' | 'threshold'>): string {
  if (rule.metric === 'question_count')
    return `At least ${rule.threshold} ${rule.threshold === 1 ? 'question' : 'questions'} to answer`;
  const what = rule.metric === 'criticism_share' ? 'Criticism share' : 'Negative share';
  return `${what} at or above ${rule.threshold}%`;
}

/**
 * The workspace's alert rules: each with an on/off switch and Delete, and a form to add one (what
 * to watch and the threshold). A rule is checked when an analysis in the workspace finishes.
 */
export function AlertRules({ workspaceId }: { workspaceId: number }) {
  const queryClient = useQueryClient();
  const key = alertRuleKeys.list(workspaceId);
  const headingId = useId();
  const formId = useId();
  const [metric, setMetric] = useState<AlertMetric>('criticism_share');
  const [threshold, setThreshold] = useState('25');
  const [problem, setProblem] = useState<string | null>(null);
  const rules = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.alertRules({ params: { id: workspaceId }, signal }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  const onError = (err: unknown) => setProblem(errorMessage(err));
  const create = useMutation({
    mutationFn: (body: { metric: AlertMetric; threshold: number }) =>
      api.createAlertRule({ params: { id: workspaceId }, body }),
    onSuccess: () => {
      setProblem(null);
      refresh();
    },
    onError,
  });
  // The switch shows a change at once (component state, so the checkbox never springs back while
  // the list re-renders); only the answer to a rule's latest change is applied, so quick clicks
  // never flip it back.
  const latest = useRef(new Map<string, number>());
  const [shown, setShown] = useState<ReadonlyMap<string, boolean>>(new Map());
  const settle = (ruleId: string) =>
    setShown((prev) => {
      const next = new Map(prev);
      next.delete(ruleId);
      return next;
    });
  const update = useMutation({
    mutationFn: (input: { ruleId: string; enabled: boolean; seq: number }) =>
      api.updateAlertRule({
        params: { id: workspaceId, rule_id: input.ruleId },
        body: { enabled: input.enabled },
      }),
    onSuccess: (rule, input) => {
      setProblem(null);
      if (latest.current.get(input.ruleId) !== input.seq) return;
      queryClient.setQueryData<AlertRule[]>(key, (old) =>
        old?.map((r) => (r.id === rule.id ? rule : r)),
      );
      settle(input.ruleId);
    },
    onError: (err: unknown, input) => {
      onError(err);
      if (latest.current.get(input.ruleId) === input.seq) settle(input.ruleId);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (ruleId: string) =>
      api.deleteAlertRule({ params: { id: workspaceId, rule_id: ruleId } }),
    onSuccess: () => {
      setProblem(null);
      refresh();
    },
    onError,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = Number(threshold.trim().replace(',', '.'));
    const invalid =
      threshold.trim() === '' || Number.isNaN(value)
        ? 'Enter a threshold.'
        : alertThresholdProblem(metric, value);
    if (invalid) {
      setProblem(invalid);
      return;
    }
    create.mutate({ metric, threshold: value });
  };

  const list = rules.data ?? [];
  return (
    <section className="alert-rules" aria-labelledby={headingId} data-testid="alert-rules">
      <h2 id={headingId}>Alerts</h2>
      <p className="muted small">
        When an analysis in this workspace finishes, each rule that is on compares the report with
        its threshold. A rule that is reached adds a notification under the bell and sends an e-mail
        to your confirmed address, at most once every {ALERT_COOLDOWN_HOURS} hours per rule.
      </p>
      {rules.isPending ? (
        <p className="muted small" role="status">
          Loading alert rules…
        </p>
      ) : rules.isError ? (
        <p className="form-error small" role="alert">
          Could not load the alert rules: {errorMessage(rules.error)}
        </p>
      ) : list.length === 0 ? (
        <p className="muted small" data-testid="alert-rules-empty">
          No alert rules yet.
        </p>
      ) : (
        <ul className="alert-rule-list" aria-label="Alert rules">
          {list.map((rule) => {
            const text = ruleText(rule);
            const enabled = shown.get(rule.id) ?? rule.enabled;
            return (
              <li
                key={rule.id}
                className={`alert-rule${enabled ? '' : ' off'}`}
                data-testid="alert-rule"
              >
                <p className="alert-rule-text" id={`${formId}-${rule.id}`}>
                  {text}
                </p>
                <label className="alert-rule-toggle">
                  <input
                    type="checkbox"
                    checked={enabled}
                    aria-describedby={`${formId}-${rule.id}`}
                    onChange={(e) => {
                      // shown at once; the server's answer (or a refusal) refreshes the list
                      const enabled = e.target.checked;
                      setShown((prev) => new Map(prev).set(rule.id, enabled));
                      const seq = (latest.current.get(rule.id) ?? 0) + 1;
                      latest.current.set(rule.id, seq);
                      update.mutate({ ruleId: rule.id, enabled, seq });
                    }}
                  />
                  On
                </label>
                <button
                  type="button"
                  className="btn btn-ghost btn-small"
                  aria-label={`Delete alert: ${text}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(rule.id)}
                >
                  Delete
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <form className="alert-rule-form" onSubmit={submit} aria-label="Add an alert rule" noValidate>
        <label>
          Watch
          <select
            value={metric}
            onChange={(e) => {
              const next = e.target.value as AlertMetric;
              setMetric(next);
              setThreshold(next === 'question_count' ? '5' : '25');
            }}
          >
            {METRIC_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          {metric === 'question_count' ? 'At least' : 'At or above (%)'}
          <input
            type="number"
            inputMode="decimal"
            min={metric === 'question_count' ? 1 : 0.1}
            max={metric === 'question_count' ? undefined : 100}
            step={metric === 'question_count' ? 1 : 0.1}
            value={threshold}
            aria-invalid={problem !== null}
            onChange={(e) => setThreshold(e.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-primary btn-small" disabled={create.isPending}>
          Add rule
        </button>
      </form>
      {problem ? (
        <p className="form-error small" role="alert" data-testid="alert-rules-error">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
