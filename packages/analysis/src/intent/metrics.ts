/** Classification metrics for the intent and sentiment benchmarks (pure). */

export interface ClassMetrics {
  precision: number;
  recall: number;
  f1: number;
  support: number;
}

export interface ClassificationReport<L extends string> {
  n: number;
  accuracy: number;
  macroF1: number;
  /** Mean recall over classes (TweetEval's official sentiment metric). */
  macroRecall: number;
  perClass: Record<L, ClassMetrics>;
  /** confusion[gold][predicted] = count */
  confusion: Record<L, Record<L, number>>;
}

/** Accuracy, macro-F1, per-class P/R/F1 and the confusion matrix over `labels` (classes absent from gold still count in macro-F1 only if predicted). */
export function classificationReport<L extends string>(
  gold: readonly L[],
  predicted: readonly L[],
  labels: readonly L[],
): ClassificationReport<L> {
  if (gold.length !== predicted.length) throw new Error('gold and predicted differ in length');
  const confusion = Object.fromEntries(
    labels.map((g) => [g, Object.fromEntries(labels.map((p) => [p, 0]))]),
  ) as Record<L, Record<L, number>>;
  let correct = 0;
  gold.forEach((g, i) => {
    const p = predicted[i] as L;
    confusion[g][p] += 1;
    if (g === p) correct++;
  });
  const perClass = {} as Record<L, ClassMetrics>;
  const used: L[] = [];
  for (const l of labels) {
    const tp = confusion[l][l];
    const support = labels.reduce((s, p) => s + confusion[l][p], 0);
    const predictedN = labels.reduce((s, g) => s + confusion[g][l], 0);
    const precision = predictedN === 0 ? 0 : tp / predictedN;
    const recall = support === 0 ? 0 : tp / support;
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    perClass[l] = { precision, recall, f1, support };
    if (support > 0 || predictedN > 0) used.push(l);
  }
  const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
  return {
    n: gold.length,
    accuracy: gold.length === 0 ? 0 : correct / gold.length,
    macroF1: mean(used.map((l) => perClass[l].f1)),
    macroRecall: mean(used.filter((l) => perClass[l].support > 0).map((l) => perClass[l].recall)),
    perClass,
    confusion,
  };
}
