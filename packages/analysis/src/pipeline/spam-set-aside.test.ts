import { describe, expect, it } from 'vitest';
import { analyseComments, type AnalysisResult } from './analyse';
import { nearestCluster } from '../clustering/nearest-cluster';
import {
  FIXTURE_VIDEOS,
  fixtureComments,
  type FixtureVideo,
} from '../comment-fixtures.test-support';
import { inputComment } from '../input-comment.test-support';
import { relabelClusters } from '../label/relabel';
import { SET_ASIDE } from '../prepare/set-aside';
import type { CompletionRequest, LanguageModel, TextEmbedder } from '../ports';
import type { InputComment } from '../types';

/** Hashed words, L2-normalised: a local stand-in for the server's embedders. */
const embedder: TextEmbedder = {
  name: 'test:hashed',
  dimensions: 96,
  embed(texts) {
    return Promise.resolve(
      texts.map((text) => {
        const v = new Float32Array(96);
        for (const w of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? ['empty']) {
          let h = 0x811c9dc5;
          for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), 0x01000193);
          v[(h >>> 0) % 96]! += 1;
        }
        const norm = Math.hypot(...v) || 1;
        return v.map((x) => x / norm);
      }),
    );
  },
};

function video(name: FixtureVideo): InputComment[] {
  return fixtureComments(name).map(({ topic: _t, intent: _i, spam: _s, ...c }) => c);
}

const tenths = (xs: number[]): number => xs.reduce((s, x) => s + Math.round(x * 10), 0);

/** Every text the report writes for the creator (headings, tags, summary, questions). */
function writtenTexts(result: AnalysisResult): string[] {
  const s = result.executiveSummary;
  return [
    ...result.clusters.flatMap((c) => [c.heading, ...c.tags]),
    s.overall_vibe,
    ...s.key_positives,
    ...s.improvement_suggestions,
    ...result.questions.map((q) => q.question),
  ];
}

/** Whether `written` quotes four words in a row of `text`. */
function quotes(written: string, text: string): boolean {
  const words = (t: string) => t.toLowerCase().match(/[\p{L}\p{N}@$]+/gu) ?? [];
  const hay = ` ${words(written).join(' ')} `;
  const w = words(text);
  for (let i = 0; i + 4 <= w.length; i++)
    if (hay.includes(` ${w.slice(i, i + 4).join(' ')} `)) return true;
  return false;
}

describe('spam is set aside, not clustered', () => {
  for (const name of FIXTURE_VIDEOS) {
    it(`${name}: spam reaches no cluster, representative, summary line or question; shares sum to 100 over the rest`, async () => {
      const fixture = fixtureComments(name);
      const result = await analyseComments(video(name), { embedder }, { seed: 7 });
      const spamIds = new Set(result.comments.filter((c) => c.spam).map((c) => c.id));
      // the hand-labelled spam the rules catch (most of it) is what is set aside
      const labelled = fixture.filter((c) => c.spam).map((c) => c.id);
      expect(labelled.filter((id) => spamIds.has(id)).length).toBeGreaterThan(labelled.length / 2);
      expect(spamIds.size).toBeGreaterThan(0);

      for (const c of result.comments)
        if (c.spam) expect(c.clusterId).toBe(SET_ASIDE);
        else expect(c.clusterId).toBeGreaterThanOrEqual(0);
      expect(result.setAside).toEqual({
        count: spamIds.size,
        commentIds: result.comments.filter((c) => c.spam).map((c) => c.id),
      });

      const kept = result.comments.filter((c) => !c.spam);
      expect(result.clusters.reduce((n, c) => n + c.size, 0)).toBe(kept.length);
      const likes = new Map(fixture.map((c) => [c.id, c.likes]));
      expect(result.clusters.reduce((n, c) => n + c.like_count, 0)).toBe(
        kept.reduce((n, c) => n + likes.get(c.id)!, 0),
      );
      expect(tenths(result.clusters.map((c) => c.percentage))).toBe(1000);
      expect(tenths(result.clusters.map((c) => c.engagement_percentage))).toBe(1000);
      for (const c of result.clusters) {
        expect(c.size).toBeGreaterThan(0);
        for (const r of c.representatives) expect(spamIds.has(r.id)).toBe(false);
      }
      for (const q of result.questions)
        for (const id of q.commentIds) expect(spamIds.has(id)).toBe(false);

      const spamTexts = fixture.filter((c) => spamIds.has(c.id)).map((c) => c.text);
      for (const written of writtenTexts(result))
        for (const text of spamTexts)
          expect(quotes(written, text), `${written} <- ${text}`).toBe(false);
    });
  }

  it('scam comments about "the account" form no cluster and give the summary no advice', async () => {
    const genuine = fixtureComments('invBread001').filter((c) => !c.spam);
    const scams = Array.from({ length: 24 }, (_, i) =>
      inputComment(
        [
          `Contact me on telegram @acct_help${i} for the account`,
          `message me on whatsapp +1 555 013 ${1000 + i} about the website account`,
          `DM me on telegram for the account, I can recover it @recover${i}`,
        ][i % 3]!,
        { id: `scam${i}`, author: `helper_${i}`, likes: 3 },
      ),
    );
    const input = [...genuine, ...scams];
    const result = await analyseComments(input, { embedder }, { seed: 3 });
    const scamIds = new Set(scams.map((s) => s.id));
    for (const c of result.comments)
      if (scamIds.has(c.id)) expect(c.clusterId, c.id).toBe(SET_ASIDE);
    expect(result.setAside.count).toBeGreaterThanOrEqual(scams.length);
    for (const written of writtenTexts(result)) {
      expect(written.toLowerCase()).not.toMatch(/telegram|whatsapp|\baccount\b|website/);
      for (const s of scams) expect(quotes(written, s.text)).toBe(false);
    }
    expect(tenths(result.clusters.map((c) => c.percentage))).toBe(1000);
    expect(tenths(result.clusters.map((c) => c.engagement_percentage))).toBe(1000);
  });

  it('sends no set-aside comment to the language model', async () => {
    const requests: CompletionRequest[] = [];
    const model: LanguageModel = {
      name: 'recording-llm',
      completeJson(request) {
        requests.push(request);
        return Promise.reject(new Error('offline'));
      },
    };
    const input = video('invGuitar01');
    const result = await analyseComments(input, { embedder, languageModel: model }, { seed: 5 });
    expect(requests.length).toBeGreaterThan(0);
    const spam = input.filter((_, i) => result.comments[i]!.spam);
    expect(spam.length).toBeGreaterThan(5);
    for (const r of requests) for (const s of spam) expect(r.user).not.toContain(s.text);
  });

  it("never sets aside the creator's own comments, even when they read like promotion", async () => {
    const input = [
      ...video('invBread001'),
      inputComment('Check my channel for the full recipe and the merch link https://shop.example', {
        id: 'own1',
        author: 'CrumbTheory',
        byCreator: true,
      }),
      inputComment('Sub to me and I sub back 🙏', {
        id: 'own2',
        author: 'CrumbTheory',
        byCreator: true,
      }),
    ];
    const result = await analyseComments(input, { embedder }, { seed: 7 });
    const creator = input.filter((c) => c.byCreator).map((c) => c.id);
    expect(creator.length).toBeGreaterThan(3);
    for (const c of result.comments)
      if (creator.includes(c.id)) {
        expect(c.spam, c.id).toBe(false);
        expect(c.clusterId, c.id).toBeGreaterThanOrEqual(0);
      }
    for (const id of creator) expect(result.setAside.commentIds).not.toContain(id);
  });

  it('clusters a comment the creator restored like any other, and only that one', async () => {
    const input = video('invHooks001');
    const before = await analyseComments(input, { embedder }, { seed: 7 });
    const restored = before.setAside.commentIds[0]!;
    const after = await analyseComments(input, { embedder }, { seed: 7, restored: [restored] });
    const comment = after.comments.find((c) => c.id === restored)!;
    expect(comment.spam).toBe(false);
    expect(comment.clusterId).toBeGreaterThanOrEqual(0);
    expect(after.setAside.count).toBe(before.setAside.count - 1);
    expect(after.setAside.commentIds).not.toContain(restored);
    expect(after.clusters.reduce((n, c) => n + c.size, 0)).toBe(
      before.clusters.reduce((n, c) => n + c.size, 0) + 1,
    );
  });

  it('gives no cluster when every comment is spam', async () => {
    const input = [
      inputComment('Sub to me and I sub back 🙏', { id: 's1', author: 'x1' }),
      inputComment('Contact me on telegram @winner for your prize', { id: 's2', author: 'x2' }),
    ];
    const result = await analyseComments(input, { embedder });
    expect(result.clusters).toEqual([]);
    expect(result.setAside.count).toBe(2);
    expect(result.comments.every((c) => c.clusterId === SET_ASIDE)).toBe(true);
    for (const written of writtenTexts(result))
      for (const c of input) expect(quotes(written, c.text)).toBe(false);
  });
});

describe('relabelling a report with comments set aside', () => {
  it('keeps set-aside comments out of every cluster and counts a restored one in its cluster', async () => {
    const input = video('invLisbon01');
    const result = await analyseComments(input, { embedder }, { seed: 7 });
    const stored = input.map((c, i) => ({
      ...c,
      clusterId: result.comments[i]!.clusterId,
      sentiment: result.comments[i]!.sentiment,
      classifiedIntent: result.comments[i]!.intent,
    }));
    const same = await relabelClusters(stored);
    for (const c of result.clusters) {
      expect(same.shares[c.cluster_id]).toEqual({
        size: c.size,
        like_count: c.like_count,
        percentage: c.percentage,
        engagement_percentage: c.engagement_percentage,
      });
      expect(same.sentiments[c.cluster_id]!.counts).toEqual(c.sentiment.counts);
    }
    // the creator restores one: it joins cluster 0, which grows by one; the shares still sum to 100
    const restoredId = result.setAside.commentIds[0]!;
    const moved = stored.map((c) =>
      c.id === restoredId ? { ...c, clusterId: 0, restored: true } : c,
    );
    const after = await relabelClusters(moved);
    expect(after.shares[0]!.size).toBe(result.clusters[0]!.size + 1);
    const counts = after.sentiments[0]!.counts;
    expect(counts.positive + counts.neutral + counts.negative).toBe(result.clusters[0]!.size + 1);
    expect(tenths(Object.values(after.shares).map((s) => s.percentage))).toBe(1000);
    expect(tenths(Object.values(after.shares).map((s) => s.engagement_percentage))).toBe(1000);
  });
});

describe('nearestCluster', () => {
  const v = (...xs: number[]) => Float32Array.from(xs);
  it("picks the cluster whose comments' mean direction is closest", () => {
    const clusters = new Map([
      [0, [v(1, 0, 0), v(0.9, 0.1, 0)]],
      [1, [v(0, 1, 0), v(0, 0.8, 0.2)]],
    ]);
    expect(nearestCluster(v(0.1, 1, 0), clusters)).toBe(1);
    expect(nearestCluster(v(1, 0.2, 0), clusters)).toBe(0);
    expect(nearestCluster(v(1, 0), clusters)).toBeNull();
    expect(nearestCluster(v(1, 0, 0), new Map())).toBeNull();
  });
});
