/**
 * The analysis through the configured language model beside the offline analysis, on the real
 * comment data sets: intent accuracy (the dev set's held-out split), actionable F1 (Poché et al.'s
 * content concerns), spam F1 (COMP34812's hand labels), the questions list (size, merge rate,
 * suggested replies) and the headings (the Kaggle trending sample, each video one cluster), with
 * the model's name, its calls and the time they took.
 * The model is configured as for the server (LLM_API_URL, LLM_MODEL, LLM_API_KEY, LLM_TIMEOUT_MS,
 * LLM_MAX_RETRIES); without one it says so and exits 0. Embeds with the USE-lite folder in
 * ../shared/models, cached like the other benchmarks.
 *
 *   npx tsx scripts/bench/llm.ts [--quick]   (--quick: fewer videos)
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Intent } from '@app/contracts';
import { loadConfig } from '../../apps/server/src/config/config';
import { createLanguageModel } from '../../apps/server/src/providers/llm/create-language-model';
import type { InputComment, TextEmbedder } from '@app/analysis';
import { csvRecords } from '@app/analysis';
import { ownText } from '@app/analysis';
import { cachedEmbeddings, sharedRoot } from './embedding-cache';
import { datasetsDir, loadDevSet } from './dev-set-files';
import { measureFigures, sideBySide, type BenchVideo } from './llm-figures';

const config = loadConfig(process.env);
const languageModel = createLanguageModel(config.llm);
if (!languageModel) {
  console.log(
    'llm: skipped, no language model is configured (set LLM_API_URL and LLM_MODEL as for the server)',
  );
  process.exit(0);
}
const modelDir = path.join(sharedRoot, 'models/universal-sentence-encoder-lite');
if (!existsSync(datasetsDir) || !existsSync(modelDir)) {
  console.log(
    `llm: skipped, it needs the real comment data sets and the USE-lite model in ${sharedRoot}, which are not there`,
  );
  process.exit(0);
}
const quick = process.argv.includes('--quick');

/** USE-lite through the benchmarks' disk cache, keyed by the texts. */
const embedder: TextEmbedder = {
  name: 'onnx:universal-sentence-encoder-lite:q8',
  dimensions: 512,
  async embed(texts) {
    const key = createHash('sha256').update(texts.join('\u0000')).digest('hex').slice(0, 16);
    return cachedEmbeddings(`llm-${key}`, texts);
  },
};

const comment = (id: string, text: string, extra: Partial<InputComment> = {}): InputComment => ({
  id,
  text,
  likes: 0,
  author: null,
  publishedAt: null,
  replyCount: 0,
  parentId: null,
  ...extra,
});
const records = (file: string) => csvRecords(readFileSync(path.join(datasetsDir, file), 'utf8'));
const videos: BenchVideo[] = [];

// intent: the dev set's held-out split, read as one comment section
const { examples } = loadDevSet();
const heldout = examples.filter((e) => e.split === 'heldout').slice(0, quick ? 120 : 400);
videos.push({
  name: 'intent dev set (held-out)',
  comments: heldout.map((e, i) => comment(`d${i}`, e.text)),
  intent: heldout.map((e) => e.intent),
});

// actionable: two of Poché et al.'s tutorials, the rows outside the dev set
const inDev = new Set(
  examples.filter((e) => e.dataset === 'poche_icpc17_youtube_tutorial_comments').map((e) => e.key),
);
const poche = records('poche_icpc17_youtube_tutorial_comments/comments.csv');
for (const id of quick ? ['3JluqTojuME'] : ['3JluqTojuME', 'Rub-JsjMhWY']) {
  const rows = poche.filter((r) => r.video_id === id && !inDev.has(`${id}:${r.position}`));
  videos.push({
    name: `Poché ${id}`,
    comments: rows.map((r, i) => comment(`p${i}`, r.comment ?? '')),
    actionable: rows.map((r) => r.label === 'content_concern'),
  });
}

// spam: COMP34812's 50-comment samples, one video each
const comp = records('comp34812_youtube_comments/sample_50_per_video_90videos.csv');
const compVideos = [...new Set(comp.map((r) => r.video_id!))].slice(0, quick ? 3 : 8);
for (const id of compVideos) {
  const rows = comp.filter((r) => r.video_id === id);
  videos.push({
    name: `COMP34812 ${id}`,
    comments: rows.map((r, i) =>
      comment(`c${i}`, ownText(r.comment ?? ''), {
        author: r.username || null,
        ...(r.channel_name && r.username === r.channel_name ? { byCreator: true } : {}),
      }),
    ),
    spam: rows.map((r) =>
      r.class === 'spam' ? true : r.class === 'ham' || r.class === 'neutral' ? false : null,
    ),
  });
}

// headings: the Kaggle trending sample, each video one cluster
const kaggle = records('kaggle_trending_gbcomments_sample/GBcomments_sample.csv');
videos.push({
  name: 'Kaggle trending sample',
  comments: kaggle.map((r, i) =>
    comment(`k${i}`, r.comment_text ?? '', {
      likes: Number(r.likes) || 0,
      replyCount: Number(r.replies) || 0,
    }),
  ),
  k: new Set(kaggle.map((r) => r.video_id)).size,
  showHeadings: true,
});

const total = videos.reduce((s, v) => s + v.comments.length, 0);
console.log(
  `\nThe analysis offline and through ${languageModel.name}: ${videos.length} comment sections, ${total} comments`,
);
const offline = await measureFigures(videos, { embedder, languageModel: null });
const llm = await measureFigures(videos, { embedder, languageModel });
for (const line of sideBySide(offline, llm, languageModel.name)) console.log(line);
const intents: Intent[] = ['Question', 'Request', 'Criticism'];
console.log(
  `\nIntents and spam come from the offline classifiers in both runs (the model writes headings, the summary and suggested replies); actionable = ${intents.join(', ')}.`,
);
