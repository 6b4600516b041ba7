/**
 * Clusters and headings on real comment sections (the team's data sets beside the checkout):
 *  - two tutorial videos of Poché et al.'s set (about 500 comments each): the K the product chooses
 *    (goal 6-15), the largest cluster's share (goal < 45%) and the smallest cluster (goal: no cluster
 *    below the minimum size, no stray clusters of a few comments);
 *  - the deep dive of the HTML/CSS tutorial's hand-labelled content concerns: five top questions, each
 *    one of the comments, and themes that say HTML, CSS or website;
 *  - the Kaggle trending sample's 10 videos taken as 10 clusters: how many headings name a topic
 *    (goal >= 7 of 10), whether the tags are distinct, and the iPhone and chicken videos' labels.
 * Embeds with the USE-lite folder in ../shared/models (q8, cached like the other benchmarks).
 *
 *   npx tsx scripts/bench/comment-sections.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  analyseClusterOffline,
  classifyIntents,
  classifySentiments,
  csvRecords,
  prepareComments,
} from '@app/analysis';
import {
  clusterCategory,
  discoverClusters,
  labelClusters,
  minClusterSize,
} from '@app/analysis/eval';
import { cachedEmbeddings, sharedRoot } from './embedding-cache';

const datasets = path.join(sharedRoot, 'datasets');
const model = path.join(sharedRoot, 'models/universal-sentence-encoder-lite');
const tutorials = path.join(datasets, 'poche_icpc17_youtube_tutorial_comments/comments.csv');
const trending = path.join(datasets, 'kaggle_trending_gbcomments_sample/GBcomments_sample.csv');
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

if (!existsSync(model) || !existsSync(tutorials) || !existsSync(trending)) {
  console.log(
    `comment-sections: skipped, it needs the real comment data sets and the USE-lite model in ${sharedRoot}, which is not there`,
  );
  process.exit(0);
}

console.log('\nClusters the product chooses on real tutorial videos (USE-lite q8, seed 42)');
const rows = csvRecords(readFileSync(tutorials, 'utf8'));
for (const video of ['3JluqTojuME', 'Rub-JsjMhWY']) {
  const texts = rows.filter((r) => r.video_id === video).map((r) => r.comment ?? '');
  const vectors = await cachedEmbeddings(`poche-${video}`, texts);
  const r = await discoverClusters({ vectors, texts }, { seed: 42 });
  const sizes = Array.from({ length: r.k }, (_, c) => r.assignments.filter((x) => x === c).length);
  const largest = Math.max(...sizes) / texts.length;
  const smallest = Math.min(...sizes);
  const ok = r.k >= 6 && r.k <= 15 && largest < 0.45 && smallest >= minClusterSize(texts.length);
  console.log(
    `${verdict(ok)}: ${video} ${texts.length} comments: K=${r.k} (goal 6-15), largest ${(100 * largest).toFixed(1)}% (goal < 45%), smallest ${smallest} (minimum ${minClusterSize(texts.length)})`,
  );
}

console.log('\nDeep dive of the content concerns of the HTML/CSS tutorial (3JluqTojuME)');
const tutorial = rows.filter((r) => r.video_id === '3JluqTojuME');
const concerns = tutorial
  .filter((r) => r.label === 'content_concern')
  .map((r) => ({
    id: `p${r.position}`,
    text: r.comment ?? '',
    likes: 0,
    author: null,
    publishedAt: null,
    sentimentScore: 0,
  }));
const dive = analyseClusterOffline(concerns, {
  background: tutorial.filter((r) => r.label !== 'content_concern').map((r) => r.comment ?? ''),
});
const own = dive.topQuestions.every((q) => {
  const plain = q.replace(/ \(asked \d+ times\)$/, '').replace(/…$/, '');
  return concerns.some((c) => c.text.includes(plain));
});
console.log(
  `${verdict(dive.topQuestions.length === 5 && own)}: ${dive.topQuestions.length} top questions (goal 5), all taken from the comments: ${own}`,
);
console.log(
  `${verdict(/html|css|website/i.test(dive.keyThemes.join(' ')))}: themes ${dive.keyThemes.join(', ')}`,
);

console.log('\nHeadings of the Kaggle trending sample, each video taken as one cluster');
const comments = csvRecords(readFileSync(trending, 'utf8'));
const videos = [...new Set(comments.map((r) => r.video_id!))];
const prepared = prepareComments(
  comments.map((r, i) => ({
    id: String(i),
    text: r.comment_text ?? '',
    likes: Number(r.likes) || 0,
    author: null,
    publishedAt: null,
    replyCount: Number(r.replies) || 0,
    parentId: null,
  })),
);
const texts = prepared.comments.map((c) => c.clean);
const labels = labelClusters({
  comments: prepared.comments,
  assignments: comments.map((r) => videos.indexOf(r.video_id!)),
  k: videos.length,
  intents: classifyIntents(texts),
  sentiments: classifySentiments(texts),
  centrality: null,
  categorise: (intents, likes) => clusterCategory(intents, likes),
});
for (const l of labels) console.log(`  ${l.heading.padEnd(45)} ${l.tags.join(', ')}`);
const topical = labels.filter(
  (l) => l.subject !== null && l.heading.toLowerCase().includes(l.subject.toLowerCase()),
).length;
const tags = labels.flatMap((l) => l.tags);
console.log(
  `${verdict(topical >= 7)}: ${topical} of ${labels.length} headings name a topic (goal >= 7)`,
);
console.log(`${verdict(new Set(tags).size === tags.length)}: tags distinct across clusters`);
const iphone = labels.some((l) => l.tags.includes('iphone'));
const chicken = labels.find((l) => l.tags.includes('chicken'));
console.log(
  `${verdict(iphone && /chicken/i.test(chicken?.heading ?? ''))}: the iPhone X video is tagged "iphone" and the chicken recipe's heading says chicken`,
);
