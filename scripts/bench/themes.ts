/**
 * Themes and advice on real comment sections, analysed end to end offline (`analyseComments` with
 * the ONNX USE-lite embedder, seed 42):
 *  - clusters per report, and clusters per kind of generic reaction (thanks, praise with no subject,
 *    early viewers, emoji only, laughter; the kind is 35% of the cluster): goal at most one per kind
 *    per video;
 *  - actionable comments (intent Question, Request or Criticism) against the hand-labelled content
 *    concerns of Poché et al.'s tutorial comments: precision, recall, F1 (goal F1 >= 0.85);
 *  - spam flags against the COMP34812 hand labels (unlabelled rows left out): precision, recall, F1;
 *  - the questions list: questions listed, question comments they hold, and the merge rate
 *    (1 - listed / question comments);
 *  - headings and the summary's advice of two tutorials, for reading.
 * Embeddings are cached by text in .cache/embeddings/themes-*.
 *
 *   npx tsx scripts/bench/themes.ts [--show]   (--show prints every report's headings and advice)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { OnnxTextEmbedder } from '../../apps/server/src/providers/embeddings/onnx-text-embedder';
import { analyseComments, csvRecords, type InputComment, type TextEmbedder } from '@app/analysis';
import { genericReactionKind } from '@app/analysis/eval';
import { repoRoot, sharedRoot } from './embedding-cache';

const datasets = path.join(sharedRoot, 'datasets');
const modelDir = path.join(sharedRoot, 'models/universal-sentence-encoder-lite');
const show = process.argv.includes('--show');
if (!existsSync(modelDir) || !existsSync(datasets)) {
  console.log(`themes: skipped, it needs the real comment data sets and USE-lite in ${sharedRoot}`);
  process.exit(0);
}

/** The ONNX embedder behind a by-text disk cache (the analysis embeds cleaned texts). */
class CachedEmbedder implements TextEmbedder {
  readonly name: string;
  readonly dimensions: number;
  private readonly known = new Map<string, Float32Array>();
  private dirty = false;
  private readonly file = path.join(repoRoot, '.cache/embeddings/themes-use-lite-q8');
  constructor(private readonly inner: OnnxTextEmbedder) {
    this.name = inner.name;
    this.dimensions = inner.dimensions;
    if (existsSync(`${this.file}.json`) && existsSync(`${this.file}.f32`)) {
      const texts = JSON.parse(readFileSync(`${this.file}.json`, 'utf8')) as string[];
      const buf = readFileSync(`${this.file}.f32`);
      const all = new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
      const d = all.length / Math.max(1, texts.length);
      texts.forEach((t, i) => this.known.set(t, all.slice(i * d, (i + 1) * d)));
    }
  }
  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const missing = [...new Set(texts.filter((t) => !this.known.has(t)))];
    if (missing.length > 0) {
      const vectors = await this.inner.embed(missing);
      missing.forEach((t, i) => this.known.set(t, vectors[i]!));
      this.dirty = true;
    }
    return texts.map((t) => this.known.get(t)!);
  }
  save(): void {
    if (!this.dirty) return;
    const texts = [...this.known.keys()];
    const d = this.known.get(texts[0]!)!.length;
    const all = new Float32Array(texts.length * d);
    texts.forEach((t, i) => all.set(this.known.get(t)!, i * d));
    mkdirSync(path.dirname(this.file), { recursive: true });
    writeFileSync(`${this.file}.f32`, Buffer.from(all.buffer));
    writeFileSync(`${this.file}.json`, JSON.stringify(texts));
  }
}

const inner = new OnnxTextEmbedder({ model: modelDir });
await inner.load();
const embedder = new CachedEmbedder(inner);
const records = (file: string) => csvRecords(readFileSync(path.join(datasets, file), 'utf8'));
const groupBy = <T>(rows: T[], key: (r: T) => string) => {
  const m = new Map<string, T[]>();
  for (const r of rows) m.set(key(r), [...(m.get(key(r)) ?? []), r]);
  return m;
};

interface Video {
  set: string;
  id: string;
  comments: InputComment[];
  /** Per comment: true actionable (content concern), false not, undefined unlabelled. */
  actionable?: (boolean | undefined)[];
  /** Per comment: true spam, false genuine, undefined unlabelled. */
  spam?: (boolean | undefined)[];
}

const videos: Video[] = [];
for (const [id, rows] of groupBy(
  records('poche_icpc17_youtube_tutorial_comments/comments.csv'),
  (r) => r.video_id!,
))
  videos.push({
    set: 'tutorials',
    id,
    comments: rows.map((r) => ({
      id: `p${r.position}`,
      text: r.comment ?? '',
      likes: 0,
      author: null,
      publishedAt: null,
      replyCount: 0,
      parentId: null,
    })),
    actionable: rows.map((r) => r.label === 'content_concern'),
  });
for (const file of ['full_threads_4videos_subset.csv', 'sample_50_per_video_90videos.csv'])
  for (const [id, rows] of groupBy(
    records(`comp34812_youtube_comments/${file}`),
    (r) => r.video_id!,
  ))
    videos.push({
      set: file.startsWith('full') ? 'threads' : 'sample50',
      id,
      comments: rows.map((r) => ({
        id: r.comment_id!,
        text: r.comment ?? '',
        likes: 0,
        author: r.username || null,
        publishedAt: null,
        replyCount: 0,
        parentId: r.parent_comment_id || null,
        ...(r.channel_name && r.channel_name === r.username ? { byCreator: true } : {}),
      })),
      spam: rows.map((r) =>
        r.class === 'spam' ? true : r.class === 'ham' || r.class === 'neutral' ? false : undefined,
      ),
    });
for (const [id, rows] of groupBy(
  records('kaggle_trending_gbcomments_sample/GBcomments_sample.csv'),
  (r) => r.video_id!,
))
  videos.push({
    set: 'trending',
    id,
    comments: rows.map((r, i) => ({
      id: `k${i}`,
      text: r.comment_text ?? '',
      likes: Number(r.likes) || 0,
      author: null,
      publishedAt: null,
      replyCount: Number(r.replies) || 0,
      parentId: null,
    })),
  });

/**
 * A cluster is a generic reaction of a kind when that kind is its commonest and at least this share
 * of its comments: a cluster headed "Praise for the tutorial" is mostly "great tutorial thanks" and
 * the like, with questions and remarks among them.
 */
const GENERIC_SHARE = 0.35;

const prf = (tp: number, fp: number, fn: number) => {
  const p = tp + fp ? tp / (tp + fp) : 0;
  const r = tp + fn ? tp / (tp + fn) : 0;
  return { p, r, f1: p + r ? (2 * p * r) / (p + r) : 0 };
};
const f = (x: number) => (100 * x).toFixed(1);

interface SetFigures {
  videos: number;
  clusters: number[];
  /** Videos where some kind of generic reaction has more than one cluster. */
  overOne: number;
  kinds: Map<string, number>;
  maxPerKind: number;
  act: { tp: number; fp: number; fn: number };
  spam: { tp: number; fp: number; fn: number };
  questions: number;
  questionComments: number;
}
const sets = new Map<string, SetFigures>();
const started = Date.now();
for (const v of videos) {
  const s =
    sets.get(v.set) ??
    sets
      .set(v.set, {
        videos: 0,
        clusters: [],
        overOne: 0,
        kinds: new Map(),
        maxPerKind: 0,
        act: { tp: 0, fp: 0, fn: 0 },
        spam: { tp: 0, fp: 0, fn: 0 },
        questions: 0,
        questionComments: 0,
      })
      .get(v.set)!;
  const result = await analyseComments(v.comments, { embedder }, { seed: 42, threads: 1 });
  s.videos++;
  s.clusters.push(result.clusters.length);
  const perKind = new Map<string, number>();
  const clusterTexts = result.clusters.map(() => [] as string[]);
  result.comments.forEach((c, i) => {
    // spam is set aside in no cluster (clusterId -1)
    if (c.clusterId >= 0) clusterTexts[c.clusterId]!.push(v.comments[i]!.text);
  });
  for (const texts of clusterTexts) {
    const counts = new Map<string, number>();
    for (const t of texts) {
      const kind = genericReactionKind(t);
      if (kind) counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
    const top = [...counts].sort((a, b) => b[1] - a[1])[0];
    if (top && top[1] >= GENERIC_SHARE * texts.length)
      perKind.set(top[0], (perKind.get(top[0]) ?? 0) + 1);
  }
  for (const [kind, n] of perKind) {
    s.kinds.set(kind, (s.kinds.get(kind) ?? 0) + n);
    s.maxPerKind = Math.max(s.maxPerKind, n);
  }
  if ([...perKind.values()].some((n) => n > 1)) s.overOne++;
  result.comments.forEach((c, i) => {
    const truth = v.actionable?.[i];
    if (truth !== undefined) {
      const said = c.intent === 'Question' || c.intent === 'Request' || c.intent === 'Criticism';
      if (said && truth) s.act.tp++;
      else if (said) s.act.fp++;
      else if (truth) s.act.fn++;
    }
    const spam = v.spam?.[i];
    if (spam !== undefined) {
      if (c.spam && spam) s.spam.tp++;
      else if (c.spam) s.spam.fp++;
      else if (spam) s.spam.fn++;
    }
  });
  s.questions += result.questions.length;
  s.questionComments += result.questions.reduce((n, q) => n + q.count, 0);
  if (show || (v.set === 'tutorials' && ['3JluqTojuME', 'Rub-JsjMhWY'].includes(v.id))) {
    console.log(
      `\n${v.set} ${v.id} (${v.comments.length} comments, ${result.clusters.length} clusters)`,
    );
    for (const c of result.clusters)
      console.log(`  ${String(c.size).padStart(4)}  ${c.category.padEnd(9)} ${c.heading}`);
    const e = result.executiveSummary;
    console.log(`  vibe: ${e.overall_vibe}`);
    for (const p of e.key_positives) console.log(`  + ${p}`);
    for (const p of e.improvement_suggestions) console.log(`  > ${p}`);
  }
}
embedder.save();

console.log(`\nThemes on real comment sections (${((Date.now() - started) / 1000).toFixed(0)} s)`);
console.log(
  'set        videos  clusters (mean, min-max)  generic clusters by kind              videos with >1 of a kind',
);
for (const [name, s] of sets) {
  const mean = s.clusters.reduce((a, b) => a + b, 0) / s.clusters.length;
  const kinds = [...s.kinds].map(([k, n]) => `${k} ${n}`).join(', ') || 'none';
  console.log(
    `${name.padEnd(10)} ${String(s.videos).padStart(6)}  ${mean.toFixed(1).padStart(5)} (${Math.min(...s.clusters)}-${Math.max(...s.clusters)})`.padEnd(
      43,
    ) +
      `${kinds.padEnd(38)} ${s.overOne} (max ${s.maxPerKind} per kind; goal <= 1): ${s.overOne === 0 ? 'PASS' : 'MISS'}`,
  );
}
const all = (key: 'act' | 'spam') =>
  [...sets.values()].reduce(
    (t, s) => ({ tp: t.tp + s[key].tp, fp: t.fp + s[key].fp, fn: t.fn + s[key].fn }),
    { tp: 0, fp: 0, fn: 0 },
  );
const act = all('act');
const a = prf(act.tp, act.fp, act.fn);
console.log(
  `actionable comments (Question/Request/Criticism vs content concern, ${act.tp + act.fn} concerns): precision ${f(a.p)}, recall ${f(a.r)}, F1 ${f(a.f1)} (goal 85): ${a.f1 >= 0.85 ? 'PASS' : 'MISS'}`,
);
for (const name of ['threads', 'sample50']) {
  const sp = sets.get(name)?.spam;
  if (!sp) continue;
  const r = prf(sp.tp, sp.fp, sp.fn);
  console.log(
    `spam (${name}, ${sp.tp + sp.fn} spam): precision ${f(r.p)}, recall ${f(r.r)}, F1 ${f(r.f1)} (goal 90)`,
  );
}
for (const [name, s] of sets)
  console.log(
    `questions (${name}): ${s.questions} listed for ${s.questionComments} question comments, merge rate ${f(s.questionComments ? 1 - s.questions / s.questionComments : 0)}%`,
  );
