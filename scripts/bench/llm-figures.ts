/**
 * The figures `npm run bench -- llm` compares, offline and through a language model: the same
 * videos analysed by the product's pipeline (`analyseComments`) with and without the model.
 * Kept apart from the script so a test can run it on a couple of invented comments against a
 * local stub of the chat API.
 */
import type { Intent } from '@app/contracts';
import type { CompletionRequest, InputComment, LanguageModel, TextEmbedder } from '@app/analysis';
import { analyseComments } from '@app/analysis';

/** One video of a benchmark: its comments and, per comment, the hand labels it has (null: none). */
export interface BenchVideo {
  name: string;
  comments: InputComment[];
  intent?: (Intent | null)[];
  /** Hand label "needs the creator's attention" (question, request or criticism). */
  actionable?: (boolean | null)[];
  spam?: (boolean | null)[];
  /** A fixed number of clusters (each source video as a cluster); chosen from the data otherwise. */
  k?: number;
  /** Print this video's headings. */
  showHeadings?: boolean;
}

interface Binary {
  tp: number;
  fp: number;
  fn: number;
}

export interface BenchFigures {
  /** Share of hand-labelled comments whose intent matches; null without labels. */
  intentAccuracy: number | null;
  intentLabelled: number;
  actionableF1: number | null;
  spamF1: number | null;
  /** Questions listed over all videos, and the comments they gather. */
  questions: number;
  questionComments: number;
  /** 1 - questions / question comments: how much near-duplicate merging shortened the list. */
  mergeRate: number | null;
  suggestedReplies: number;
  clusters: number;
  /** Share of headings that differ from every other heading of their video. */
  distinctHeadings: number | null;
  headings: { video: string; headings: string[] }[];
  /** What answered: 'offline' or the model's name when at least one of its answers was used. */
  labellers: string[];
  modelCalls: number;
  modelFailures: number;
  modelMs: number;
  totalMs: number;
}

/** A language model that counts its calls, failures and the time spent in them. */
export class CountingLanguageModel implements LanguageModel {
  calls = 0;
  failures = 0;
  ms = 0;
  constructor(private readonly inner: LanguageModel) {}
  get name(): string {
    return this.inner.name;
  }
  async completeJson(request: CompletionRequest): Promise<unknown> {
    this.calls++;
    const started = performance.now();
    try {
      return await this.inner.completeJson(request);
    } catch (error) {
      this.failures++;
      throw error;
    } finally {
      this.ms += performance.now() - started;
    }
  }
}

const f1 = (b: Binary): number | null => {
  if (b.tp + b.fp + b.fn === 0) return null;
  const p = b.tp / Math.max(1, b.tp + b.fp);
  const r = b.tp / Math.max(1, b.tp + b.fn);
  return p + r === 0 ? 0 : (2 * p * r) / (p + r);
};

function score(b: Binary, predicted: boolean, gold: boolean | null | undefined): void {
  if (gold === null || gold === undefined) return;
  if (predicted && gold) b.tp++;
  else if (predicted) b.fp++;
  else if (gold) b.fn++;
}

/** Analyses every video with the embedder and, when given, the model; returns the figures. */
export async function measureFigures(
  videos: readonly BenchVideo[],
  deps: { embedder: TextEmbedder; languageModel: LanguageModel | null },
  options: { seed?: number; onVideo?: (name: string) => void } = {},
): Promise<BenchFigures> {
  const model = deps.languageModel ? new CountingLanguageModel(deps.languageModel) : null;
  const started = performance.now();
  let correct = 0;
  let labelled = 0;
  const actionable: Binary = { tp: 0, fp: 0, fn: 0 };
  const spam: Binary = { tp: 0, fp: 0, fn: 0 };
  let questions = 0;
  let questionComments = 0;
  let suggested = 0;
  let clusters = 0;
  let distinct = 0;
  const headings: BenchFigures['headings'] = [];
  const labellers = new Set<string>();
  for (const video of videos) {
    options.onVideo?.(video.name);
    const result = await analyseComments(
      video.comments,
      { embedder: deps.embedder, languageModel: model },
      { seed: options.seed ?? 42, ...(video.k ? { k: video.k } : {}), threads: 1 },
    );
    labellers.add(result.labeller);
    result.comments.forEach((c, i) => {
      const gold = video.intent?.[i];
      if (gold) {
        labelled++;
        if (c.intent === gold) correct++;
      }
      const needs = c.intent === 'Question' || c.intent === 'Request' || c.intent === 'Criticism';
      score(actionable, needs, video.actionable?.[i]);
      score(spam, c.spam, video.spam?.[i]);
    });
    questions += result.questions.length;
    questionComments += result.questions.reduce((s, q) => s + q.count, 0);
    suggested += result.questions.filter((q) => q.suggestedReply !== null).length;
    const names = result.clusters.map((c) => c.heading.trim().toLowerCase());
    clusters += names.length;
    distinct += names.filter((h) => names.indexOf(h) === names.lastIndexOf(h)).length;
    if (video.showHeadings)
      headings.push({ video: video.name, headings: result.clusters.map((c) => c.heading) });
  }
  return {
    intentAccuracy: labelled === 0 ? null : correct / labelled,
    intentLabelled: labelled,
    actionableF1: f1(actionable),
    spamF1: f1(spam),
    questions,
    questionComments,
    mergeRate: questionComments === 0 ? null : 1 - questions / questionComments,
    suggestedReplies: suggested,
    clusters,
    distinctHeadings: clusters === 0 ? null : distinct / clusters,
    headings,
    labellers: [...labellers],
    modelCalls: model?.calls ?? 0,
    modelFailures: model?.failures ?? 0,
    modelMs: Math.round(model?.ms ?? 0),
    totalMs: Math.round(performance.now() - started),
  };
}

const pct = (x: number | null): string => (x === null ? '—' : `${(100 * x).toFixed(1)}%`);

/** The figures side by side, one line each: offline, then through the model. */
export function sideBySide(offline: BenchFigures, llm: BenchFigures, modelName: string): string[] {
  const rows: [string, string, string][] = [
    ['intent accuracy', pct(offline.intentAccuracy), pct(llm.intentAccuracy)],
    ['  labelled comments', String(offline.intentLabelled), String(llm.intentLabelled)],
    ['actionable F1', pct(offline.actionableF1), pct(llm.actionableF1)],
    ['spam F1', pct(offline.spamF1), pct(llm.spamF1)],
    ['questions listed', String(offline.questions), String(llm.questions)],
    ['  question comments', String(offline.questionComments), String(llm.questionComments)],
    ['  merge rate', pct(offline.mergeRate), pct(llm.mergeRate)],
    ['  suggested replies', String(offline.suggestedReplies), String(llm.suggestedReplies)],
    ['clusters (headings)', String(offline.clusters), String(llm.clusters)],
    ['  distinct headings', pct(offline.distinctHeadings), pct(llm.distinctHeadings)],
    ['labelled by', offline.labellers.join(', '), llm.labellers.join(', ')],
    ['model calls', '0', `${llm.modelCalls} (${llm.modelFailures} failed)`],
    ['time in model calls', '—', `${(llm.modelMs / 1000).toFixed(1)} s`],
    [
      'total time',
      `${(offline.totalMs / 1000).toFixed(1)} s`,
      `${(llm.totalMs / 1000).toFixed(1)} s`,
    ],
  ];
  const w = Math.max(...rows.map((r) => r[1].length), 'offline'.length) + 2;
  const lines = [
    `${''.padEnd(24)}${'offline'.padStart(w)}  ${modelName}`,
    ...rows.map(([name, a, b]) => `${name.padEnd(24)}${a.padStart(w)}  ${b}`),
  ];
  const byVideo = new Map(llm.headings.map((h) => [h.video, h.headings]));
  for (const h of offline.headings) {
    lines.push('', `headings of ${h.video}: offline | ${modelName}`);
    const other = byVideo.get(h.video) ?? [];
    for (let i = 0; i < Math.max(h.headings.length, other.length); i++)
      lines.push(`  ${(h.headings[i] ?? '').padEnd(44)} | ${other[i] ?? ''}`);
  }
  return lines;
}
