import {
  INSIGHTS_CHANGE_POINTS,
  sharePercent,
  type Intent,
  type RecurringTheme,
  type SinceLast,
  type ThemeChange,
} from '@app/contracts';

/** One cluster of one video, ready to be matched: its stored figures, two vectors and its key terms. */
export interface ThemeInput {
  clusterId: number;
  label: string;
  category: Intent;
  /** The cluster's stored size and share (0-100) of the video's analysed comments. */
  size: number;
  percentage: number;
  /** Unit-length meaning of the theme: its heading, tags and representative comments. */
  vector: Float32Array;
  /** Unit-length meaning of its heading alone. */
  labelVector: Float32Array;
  /** Stemmed key terms of its heading, without the wording every heading shares ("Asks about"). */
  terms: ReadonlySet<string>;
}

export interface VideoThemes {
  videoId: string;
  themes: readonly ThemeInput[];
  /** The video's stored intent counts (summed over its clusters). */
  intentCounts: Record<Intent, number>;
}

/** When two themes of different videos are the same theme. */
export interface ThemeMatchRule {
  /** Themes this close in meaning (heading, tags and comments) match on their own. */
  cosine: number;
  /** Themes this close (as a whole, or by heading) match when their headings share a key term. */
  cosineWithTerms: number;
  /** Themes of different intents (a question about the flour, talk about it) need this much with a shared term. */
  crossIntentCosine: number;
}

export const THEME_MATCH_RULE: ThemeMatchRule = {
  cosine: 0.8,
  cosineWithTerms: 0.5,
  crossIntentCosine: 0.6,
};

/** A theme as matched across videos: each member is one video's cluster. */
export interface ThemeGroup {
  members: { videoIndex: number; theme: ThemeInput }[];
}

function dot(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

function sharesTerm(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const t of a) if (b.has(t)) return true;
  return false;
}

const normalisedLabels = new WeakMap<ThemeInput, string>();
function normalised(theme: ThemeInput): string {
  let label = normalisedLabels.get(theme);
  if (label === undefined) {
    label = theme.label.trim().toLowerCase().replace(/\s+/g, ' ');
    normalisedLabels.set(theme, label);
  }
  return label;
}

/** A theme is compared with this many of a group's latest appearances (themes drift over time). */
export const RECENT_APPEARANCES = 4;

/**
 * How well two themes match (the higher of their cosines, 1 for the same heading), or null when
 * they are not the same theme under `rule`: the same heading and intent; close enough in meaning
 * alone; or close, by meaning or heading, with a key term of their headings in common (across
 * intents only when closer still).
 */
export function themeMatch(
  a: ThemeInput,
  b: ThemeInput,
  rule: ThemeMatchRule = THEME_MATCH_RULE,
): number | null {
  const sameIntent = a.category === b.category;
  if (sameIntent && normalised(a) === normalised(b)) return 1;
  const whole = dot(a.vector, b.vector);
  if (whole >= rule.cosine) return whole;
  const cos = Math.max(whole, dot(a.labelVector, b.labelVector));
  const needed = sameIntent ? rule.cosineWithTerms : rule.crossIntentCosine;
  return cos >= needed && sharesTerm(a.terms, b.terms) ? cos : null;
}

/**
 * Groups the themes of videos (in publication order) into themes across videos. Video by video,
 * each theme joins the group holding its best match among the group's RECENT_APPEARANCES latest
 * appearances, strongest matches
 * first, at most one theme of a video per group; a theme with no match starts a group. Pure and
 * deterministic: the same input gives the same groups.
 */
export function matchThemes(
  videos: readonly VideoThemes[],
  rule: ThemeMatchRule = THEME_MATCH_RULE,
): ThemeGroup[] {
  const groups: ThemeGroup[] = [];
  videos.forEach((video, videoIndex) => {
    const pairs: { theme: number; group: number; score: number }[] = [];
    video.themes.forEach((theme, t) => {
      groups.forEach((group, g) => {
        let best: number | null = null;
        for (const m of group.members.slice(-RECENT_APPEARANCES)) {
          const s = themeMatch(theme, m.theme, rule);
          if (s !== null && (best === null || s > best)) best = s;
        }
        if (best !== null) pairs.push({ theme: t, group: g, score: best });
      });
    });
    pairs.sort(
      (a, b) =>
        b.score - a.score ||
        video.themes[b.theme]!.size - video.themes[a.theme]!.size ||
        a.theme - b.theme ||
        a.group - b.group,
    );
    const placed = new Set<number>();
    const taken = new Set<number>();
    for (const p of pairs) {
      if (placed.has(p.theme) || taken.has(p.group)) continue;
      placed.add(p.theme);
      taken.add(p.group);
      groups[p.group]!.members.push({ videoIndex, theme: video.themes[p.theme]! });
    }
    video.themes.forEach((theme, t) => {
      if (!placed.has(t)) groups.push({ members: [{ videoIndex, theme }] });
    });
  });
  return groups;
}

/** The heading of a group's largest appearance (the latest one on a tie). */
function groupLabel(group: ThemeGroup): string {
  let best = group.members[0]!;
  for (const m of group.members)
    if (
      m.theme.size > best.theme.size ||
      (m.theme.size === best.theme.size && m.videoIndex > best.videoIndex)
    )
      best = m;
  return best.theme.label;
}

/**
 * The themes found in two or more videos, in most videos first, then most comments: each with the
 * videos it appears in (publication order) and its comments over them.
 */
export function recurringThemes(
  videos: readonly VideoThemes[],
  groups: readonly ThemeGroup[],
): RecurringTheme[] {
  return groups
    .filter((g) => new Set(g.members.map((m) => m.videoIndex)).size >= 2)
    .map((g) => {
      const members = [...g.members].sort((a, b) => a.videoIndex - b.videoIndex);
      return {
        label: groupLabel(g),
        video_ids: members.map((m) => videos[m.videoIndex]!.videoId),
        comment_count: members.reduce((n, m) => n + m.theme.size, 0),
        appearances: members.map((m) => ({
          video_id: videos[m.videoIndex]!.videoId,
          cluster_id: m.theme.clusterId,
          label: m.theme.label,
          comment_count: m.theme.size,
          percentage: m.theme.percentage,
        })),
      };
    })
    .sort(
      (a, b) =>
        b.video_ids.length - a.video_ids.length ||
        b.comment_count - a.comment_count ||
        a.label.localeCompare(b.label),
    );
}

function intentChange(latest: VideoThemes, previous: VideoThemes, intent: Intent) {
  const total = (v: VideoThemes) => Object.values(v.intentCounts).reduce((a, b) => a + b, 0);
  const count = latest.intentCounts[intent];
  const previousCount = previous.intentCounts[intent];
  return {
    count,
    previous_count: previousCount,
    percent: sharePercent(count, total(latest)),
    previous_percent: sharePercent(previousCount, total(previous)),
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * The latest video against the one before it: themes seen in no earlier video, themes whose share
 * rose or fell by INSIGHTS_CHANGE_POINTS or more (a theme of the previous video missing from the
 * latest has faded to 0), and the change in criticism and question share in whole percentage
 * points. Null with fewer than two videos.
 */
export function sinceLast(
  videos: readonly VideoThemes[],
  groups: readonly ThemeGroup[],
): SinceLast | null {
  if (videos.length < 2) return null;
  const last = videos.length - 1;
  const prev = last - 1;
  const fresh: ThemeChange[] = [];
  const grown: (ThemeChange & { delta: number })[] = [];
  const faded: (ThemeChange & { delta: number })[] = [];
  for (const g of groups) {
    const now = g.members.find((m) => m.videoIndex === last)?.theme;
    const before = g.members.find((m) => m.videoIndex === prev)?.theme;
    if (!now && !before) continue;
    const change: ThemeChange = {
      label: (now ?? before)!.label,
      cluster_id: now ? now.clusterId : null,
      comment_count: now?.size ?? 0,
      previous_comment_count: before?.size ?? 0,
      percentage: now?.percentage ?? 0,
      previous_percentage: before?.percentage ?? 0,
    };
    const delta = round1(change.percentage - change.previous_percentage);
    if (now && !g.members.some((m) => m.videoIndex < last)) fresh.push(change);
    else if (delta >= INSIGHTS_CHANGE_POINTS) grown.push({ ...change, delta });
    else if (before && delta <= -INSIGHTS_CHANGE_POINTS) faded.push({ ...change, delta });
  }
  const strip = ({ delta: _delta, ...c }: ThemeChange & { delta: number }): ThemeChange => c;
  const criticism = intentChange(videos[last]!, videos[prev]!, 'Criticism');
  const question = intentChange(videos[last]!, videos[prev]!, 'Question');
  return {
    video_id: videos[last]!.videoId,
    previous_video_id: videos[prev]!.videoId,
    new_themes: fresh.sort((a, b) => b.comment_count - a.comment_count),
    grown: grown.sort((a, b) => b.delta - a.delta).map(strip),
    faded: faded.sort((a, b) => a.delta - b.delta).map(strip),
    criticism_share_change: criticism.percent - criticism.previous_percent,
    question_share_change: question.percent - question.previous_percent,
    criticism,
    question,
  };
}
