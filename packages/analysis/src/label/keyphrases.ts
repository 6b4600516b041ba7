import { givenName, isBareName, personName, withUsualCasing } from './casing';
import { lexiconTag } from './part-of-speech';
import { isPlainWordInCapitals, withSourceNames } from './source-names';
import { ABSTRACT_NOUNS, COUNT_NOUNS, GENERIC_WORDS, namesNoThing } from './stopwords';
import {
  commentTerms,
  isContentWord,
  isTitleSmallWord,
  runAt,
  tokenise,
  type Token,
} from './tokenise';

export interface Keyphrase {
  /**
   * The phrase's key (lower case, a plural "s" folded: "recipe" for "recipes"), which the labelling
   * rules compare with their word lists.
   */
  tag: string;
  /**
   * The tag as the report shows it: the key when viewers write it ("recipe" beside "recipes"), else
   * their commonest form ("jacksfilms", "dungarees"; "très bien", "muchas gracias", where folding an
   * English plural "s" off other languages' words would show "trè bien" and "mucha gracia").
   */
  shownTag: string;
  /**
   * Form for headings: the most common capitalisation ("iPhone", "Minecraft") and, for words viewers
   * write in lower case, the most common number ("views" where most write "views"; the tag stays "view");
   * acronyms, languages and some products as English writes them ("HTML", "French": casing.ts).
   */
  display: string;
  /**
   * True when viewers mostly capitalise it mid-sentence or write it as a hashtag, or English
   * capitalises it (casing.ts): a name.
   */
  name: boolean;
  /** True when viewers mostly write it after a determiner ("the ending", "your editing"). */
  takesArticle: boolean;
  /**
   * True for a name viewers mostly address ("hey Derek", "thank you Derek", "Derek, can you…"): the
   * person a request or question is put to, not what it is about.
   */
  addressed: boolean;
  /**
   * True for a name viewers mostly advise ("Mike should try…", "tell Mike to…", "has Mike
   * considered…"): the person suggestions are for.
   */
  advised: boolean;
  /**
   * Whether the phrase is an intent/sentiment word ("great", "please") or a form of address viewers
   * mostly call someone by ("thanks mate") rather than a topic.
   */
  generic: boolean;
  score: number;
  /** Share of the cluster's counted comments that use the phrase (0..1). */
  share: number;
}

export interface KeyphraseOptions {
  minTags?: number;
  maxTags?: number;
  /**
   * Names the comments' source spells (`sourceNames`: lower case -> "Radiohead"): a word of a
   * phrase is shown so however viewers write it. A name of several words ("dude perfect" -> "Dude
   * Perfect") is also a term wherever viewers write it, though some of its words are no term alone.
   */
  names?: ReadonlyMap<string, string>;
}

const DETERMINERS = new Set([
  'the',
  'this',
  'that',
  'your',
  'his',
  'her',
  'their',
  'these',
  'those',
  'ur',
]);
/** Articles: "a bot" says as much as "the bot" about a word being a thing. */
const ARTICLES = new Set(['a', 'an']);
/** Words between a determiner and a term that do not describe it ("the one bot", "a lot of"). */
const NOT_DESCRIBING = new Set([
  'lot',
  'bit',
  'few',
  'one',
  'of',
  'and',
  'or',
  'to',
  'is',
  'was',
  'are',
  'in',
  'on',
  'for',
  'with',
  'at',
  'from',
  'as',
  'so',
  'that',
  'this',
]);
/** A determiner or an article: the word after it (or after one describing word) is a thing. */
function marksAThing(word: string | undefined): boolean {
  return word !== undefined && (DETERMINERS.has(word) || ARTICLES.has(word));
}
const BIGRAM_BONUS = 1.25;
const GENERIC_PENALTY = 0.35;

function isGeneric(term: string): boolean {
  return term.split(' ').every((w) => GENERIC_WORDS.has(w));
}

/** Whether a word is one of the two words of a phrase ("black", "jack black"; no phrase: false). */
function halfOf(word: string, phrase: string): boolean {
  const space = phrase.indexOf(' ');
  return space > 0 && (phrase.slice(0, space) === word || phrase.slice(space + 1) === word);
}

/** A word with every run of one letter written once ("ssundee" and "sundee" -> "sunde"). */
function squeezed(word: string): string {
  return word.replace(/(\p{L})\1+/gu, '$1');
}

/**
 * Two spellings of one word that differ only in doubled letters, as viewers write names ("ssundee"
 * and "sundee", "garry" and "gary", "goood" and "good", "vikk" and "vik"); a three-letter word only
 * when the doubling is at its end, so "good" and "god" stay apart, and shorter ones ("to", "too")
 * always do.
 */
function spellingVariants(a: string, b: string): boolean {
  if (a === b) return false;
  const s = squeezed(a);
  if (s !== squeezed(b)) return false;
  return s.length >= 4 || (s.length === 3 && a.startsWith(s) && b.startsWith(s));
}

/**
 * Two phrases share a word (not a title's small word: "Game of Thrones" and "Call of Duty" do not
 * clash) or a spelling of one ("ssundee", "sundee"), or are one spelled with and without a space
 * ("mr beast", "mrbeast").
 */
function overlaps(a: string, b: string): boolean {
  const wa = a.split(' ');
  const wb = b.split(' ');
  return (
    wa.some(
      (w) => (wb.includes(w) && !isTitleSmallWord(w)) || wb.some((v) => spellingVariants(w, v)),
    ) || wa.join('') === wb.join('')
  );
}

/**
 * Korean writes its case and topic particles onto the word ("메이크업도", makeup too; "족발에", at the
 * jokbal), so one noun is several words to a tokeniser and several tags. A word that is another word
 * of the section plus a particle counts as that word. Only when the bare word is itself written
 * somewhere: a particle's syllable also ends words ("고양이" is a cat, not "고양" + 이) and verb forms
 * ("사랑하는"), and a bare word the section never writes says nothing for the split.
 */
const KOREAN_PARTICLE =
  /^(\p{Script=Hangul}{2,}?)(은|는|이|가|을|를|도|의|에|에서|에게|한테|께서|으로|로|와|과|랑|이랑|만|까지|부터|처럼|보다|이나|나)$/u;

function foldKoreanParticles(
  df: Map<string, number>[],
  docs: readonly (readonly string[])[],
): void {
  const stems = new Map<string, string>();
  for (const counts of df)
    for (const t of counts.keys()) {
      if (stems.has(t) || t.includes(' ')) continue;
      const m = KOREAN_PARTICLE.exec(t);
      if (m && df.some((other) => other.has(m[1]!))) stems.set(t, m[1]!);
    }
  if (stems.size === 0) return;
  // particles stack ("학교에서도" is "학교에서" + 도, "학교에서" is "학교" + 에서): fold to the barest word
  for (const [t, stem] of stems) {
    let bare = stem;
    while (stems.has(bare)) bare = stems.get(bare)!;
    stems.set(t, bare);
  }
  df.forEach((counts, c) => {
    for (const [t, stem] of stems) {
      const n = counts.get(t);
      if (n === undefined) continue;
      counts.delete(t);
      // a comment that writes both forms counts twice here; no count exceeds the cluster's comments
      counts.set(stem, Math.min(docs[c]!.length, (counts.get(stem) ?? 0) + n));
    }
  });
}

/**
 * Class-based TF-IDF keyphrases per cluster (BERTopic's c-TF-IDF over comment frequencies):
 * score(t, c) = (comments of c containing t / comments of c) * log(1 + A / comments containing t overall),
 * with A the average number of term occurrences per cluster. Unigrams and bigrams compete; bigrams get a
 * small bonus because they read better. Each phrase belongs to the cluster where it scores highest, so
 * tags are distinct across clusters; a cluster short of `minTags` is topped up with unused phrases.
 *
 * `docs[c]` holds the texts counted for cluster c (spam and duplicates are left out by the caller).
 */
export function extractKeyphrases(
  docs: readonly (readonly string[])[],
  options: KeyphraseOptions = {},
): Keyphrase[][] {
  const minTags = options.minTags ?? 3;
  const maxTags = options.maxTags ?? 6;
  const names = options.names ?? new Map<string, string>();
  // the source's names of several words ("dude perfect") are terms of their own
  const phrases = [...names.keys()].filter((n) => n.includes(' ')).map((n) => n.split(' '));
  const k = docs.length;
  // Tokens are not kept for every comment (50,000 comments make millions of token objects): document
  // frequencies are counted while streaming, and a cluster is tokenised again when its tags are described.
  const spellings = new SectionSpellings();
  const df: Map<string, number>[] = docs.map((texts) => {
    const counts = new Map<string, number>();
    for (const text of texts) {
      const tokens = tokenise(text);
      spellings.add(text, tokens);
      for (const t of commentTerms(tokens, phrases)) counts.set(t, (counts.get(t) ?? 0) + 1);
    }
    return counts;
  });
  foldKoreanParticles(df, docs);
  const total = new Map<string, number>();
  let occurrences = 0;
  for (const counts of df) {
    for (const [t, n] of counts) {
      total.set(t, (total.get(t) ?? 0) + n);
      occurrences += n;
    }
  }
  const average = Math.max(1, occurrences / Math.max(1, k));

  const genericCache = new Map<string, boolean>();
  const generic = (t: string): boolean => {
    let g = genericCache.get(t);
    if (g === undefined) genericCache.set(t, (g = isGeneric(t)));
    return g;
  };
  const score = (t: string, n: number, size: number): number => {
    let s = (n / size) * Math.log(1 + average / total.get(t)!);
    if (t.includes(' ')) s *= BIGRAM_BONUS;
    if (generic(t)) s *= GENERIC_PENALTY;
    return s;
  };
  // Only phrases a cluster could take in the first pass are scored up front: most terms are used once,
  // and scoring them all is most of the cost on large inputs. Thin clusters score the rest on demand.
  const minDfOf = (c: number): number => (docs[c]!.length >= 4 ? 2 : 1);
  const scores: Map<string, number>[] = df.map((counts, c) => {
    const size = Math.max(1, docs[c]!.length);
    const minDf = minDfOf(c);
    const out = new Map<string, number>();
    for (const [t, n] of counts) if (n >= minDf) out.set(t, score(t, n, size));
    return out;
  });

  const owner = new Map<string, number>();
  scores.forEach((byTerm, c) => {
    for (const [t, s] of byTerm) {
      const current = owner.get(t);
      if (current === undefined || s > scores[current]!.get(t)!) owner.set(t, c);
    }
  });

  const used = new Set<string>();
  const chosen: string[][] = docs.map(() => []);
  const pick = (c: number, candidates: [string, number][]): void => {
    const list = chosen[c]!;
    for (const [t] of candidates) {
      if (list.length >= maxTags) break;
      if (used.has(t)) continue;
      const clash = list.findIndex((x) => overlaps(x, t));
      if (clash >= 0) {
        const existing = list[clash]!;
        // A bigram replaces its own unigram when most comments using the word use the phrase.
        if (
          t.includes(' ') &&
          !existing.includes(' ') &&
          df[c]!.get(t)! >= 0.6 * df[c]!.get(existing)!
        ) {
          used.delete(existing);
          list[clash] = t;
          used.add(t);
        }
        continue;
      }
      if (!t.includes(' ')) {
        // A word this cluster mostly writes inside a phrase that another cluster took is that
        // phrase's half ("black" of "jack black"): "Enthusiasm about peach and Black"
        const n = df[c]!.get(t) ?? 0;
        if (n > 0 && [...used].some((b) => halfOf(t, b) && (df[c]!.get(b) ?? 0) >= 0.6 * n))
          continue;
        // A word that mostly comes next to a chosen one is half of a phrase: "rober" after "mark",
        // "luiz" after "david". When the chosen word, too, is mostly in that phrase and the phrase
        // ends in a thing ("mark rober", not "sidemen together" or "jj drinking"), the phrase takes
        // its place; otherwise the word is left out (it would only repeat the chosen one). So too
        // when the chosen word is the half: "dobrik" taken, then "david", which viewers also write
        // alone ("Simon over David"), become "david dobrik" ("Frustration with dobrik and David").
        let half = false;
        for (let p = 0; p < list.length && n > 0 && !half; p++) {
          const x = list[p]!;
          if (x.includes(' ')) continue;
          const m = df[c]!.get(x) ?? 0;
          const pair = [`${x} ${t}`, `${t} ${x}`].find((b) => {
            const both = df[c]!.get(b) ?? 0;
            return both >= 0.6 * n || (both >= 2 && both >= 0.5 * m);
          });
          if (pair === undefined) continue;
          const both = df[c]!.get(pair)!;
          const replaces =
            both >= 0.5 * m && !used.has(pair) && !namesNoThing(pair.slice(pair.indexOf(' ') + 1));
          // the word mostly stands alone and the chosen one keeps its place: a tag of its own
          if (both < 0.6 * n && !replaces) continue;
          half = true;
          if (replaces) {
            used.delete(x);
            list[p] = pair;
            used.add(pair);
          }
        }
        if (half) {
          used.add(t);
          continue;
        }
      }
      list.push(t);
      used.add(t);
    }
  };
  // First pass: phrases a cluster owns and that more than one of its comments use.
  for (let c = 0; c < k; c++) {
    const minDf = minDfOf(c);
    const owned = [...scores[c]!]
      .filter(([t]) => owner.get(t) === c && df[c]!.get(t)! >= minDf)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    pick(c, owned);
  }
  // Second pass: top up thin clusters with their best phrases nobody else took. In a cluster of
  // more comments than minDfOf lets through alone, a phrase one comment uses does not describe it
  // (a bucket of short foreign reactions got "alle deutschen, als ob" from one German comment and a
  // keyboard mash from another): fewer tags then, or none (the list shows a dash).
  for (let c = 0; c < k; c++) {
    if (chosen[c]!.length >= minTags) continue;
    const size = Math.max(1, docs[c]!.length);
    const minDf = minDfOf(c);
    const rest = [...df[c]!]
      .filter(([, n]) => n >= minDf)
      .map(([t, n]): [string, number] => [t, scores[c]!.get(t) ?? score(t, n, size)])
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const target = Math.min(maxTags, minTags);
    for (const entry of rest) {
      if (chosen[c]!.length >= target) break;
      pick(c, [entry]);
    }
  }

  return chosen.map((terms, c) => {
    const tokenised = terms.length > 0 ? docs[c]!.map(tokenise) : [];
    return terms.map((term) => ({
      ...describe(
        term,
        tokenised,
        { section: spellings, names },
        scores[c]!.get(term) ?? score(term, df[c]!.get(term) ?? 0, Math.max(1, docs[c]!.length)),
      ),
      share: (df[c]!.get(term) ?? 0) / Math.max(1, docs[c]!.length),
    }));
  });
}

/** A word or phrase written in capitals, with at least two letters ("BABY", "LOL"; not "I" or "A"). */
function isShouted(surface: string | undefined): boolean {
  if (surface === undefined) return false;
  const letters = surface.replace(/[^\p{L}]/gu, '');
  return (
    letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()
  );
}

/** The word as read for its casing: a shouted stretch ("I LOVE THE BABY") says nothing about names. */
function casingSurface(tokens: readonly Token[], from: number, length: number): string {
  const asWritten = tokens
    .slice(from, from + length)
    .map((t) => t.surface)
    .join(' ');
  return isShouted(asWritten) &&
    (isShouted(tokens[from - 1]?.surface) || isShouted(tokens[from + length]?.surface))
    ? asWritten.toLowerCase()
    : asWritten;
}

/** A capitalised word opening a sentence inside a comment ("Great video. Thanks!"): no sign of a name. */
const SENTENCE_START = /(?:[.!?;:]+\s+|\n\s*)#?(\p{Lu}[\p{L}\p{N}]*(?:['’]\p{L}+)*)/gu;

/**
 * How the whole comment section writes each word inside a sentence, for names' casing: a name is a
 * name in every topic, and a small cluster often holds only the few viewers who typed it in lower
 * case ("rio and eden" where the section writes "Eden" five times in seven). Lower-case spellings
 * are only counted; the capitalised ones, rarer, are kept by spelling.
 */
class SectionSpellings {
  private readonly lower = new Map<string, number>();
  private readonly capitalised = new Map<string, Map<string, number>>();

  /** Counts a comment's spellings from its tokens (`tokenise(text)`). */
  add(text: string, tokens: readonly Token[]): void {
    // capitalised words that open a sentence, skipped once each as the tokens reach them
    let starts: Map<string, number> | null = null;
    for (const m of text.matchAll(SENTENCE_START)) {
      const word = tokenise(m[1]!)[0]?.surface; // as the tokens write it ("Mike's" -> "Mike")
      if (word) (starts ??= new Map()).set(word, (starts.get(word) ?? 0) + 1);
    }
    for (let i = 1; i < tokens.length; i++) {
      // only a word that can be a tag is ever asked about
      if (!isContentWord(tokens[i]!.key)) continue;
      const surface = casingSurface(tokens, i, 1);
      if (surface === surface.toLowerCase()) {
        this.lower.set(surface, (this.lower.get(surface) ?? 0) + 1);
        continue;
      }
      const opening = starts?.get(surface);
      if (opening) {
        starts!.set(surface, opening - 1);
        continue;
      }
      const key = tokens[i]!.key;
      let forms = this.capitalised.get(key);
      if (!forms) this.capitalised.set(key, (forms = new Map<string, number>()));
      forms.set(surface, (forms.get(surface) ?? 0) + 1);
    }
  }

  /**
   * The section's spellings of a word in the forms a cluster uses (`plain`, lower case): its "job"
   * is not the "Jobs" of "Steve Jobs" elsewhere, though both fold to one key.
   */
  of(key: string, plain: Iterable<string>): Map<string, number> {
    const used = new Set(plain);
    const forms = new Map<string, number>();
    for (const [surface, n] of this.capitalised.get(key) ?? [])
      if (used.has(surface.toLowerCase())) forms.set(surface, n);
    for (const form of used) {
      const n = this.lower.get(form);
      if (n) forms.set(form, n);
    }
    return forms;
  }
}

/** Whether anyone in the section capitalises the word (key, lower-case spelling) inside a sentence. */
function isCapitalisedIn(section: SectionSpellings, key: string, plain: string): boolean {
  return [...section.of(key, [plain]).keys()].some((f) => f !== f.toLowerCase());
}

/** Mid-comment uses of a word in its cluster from which the cluster's own spelling decides. */
const LOCAL_SPELLINGS = 3;

/** A spelling with a plain English word in capitals ("TOP notch", "so FIRE"): emphasis, typed in lower case. */
function isEmphasis(form: string): boolean {
  return form.split(' ').some(isPlainWordInCapitals);
}

/**
 * The spelling to show a term in: lower case unless viewers capitalise it mid-sentence most of the
 * time (names like "iPhone", "GTA"), or, `lenient`, in at least a third of those uses and twice;
 * a shouted ALL-CAPS spelling of a long word or of a word English knows ("TOP") is not a name, nor
 * is a capital inside a word that only one comment writes ("Emotional damAge" beside "EMOTIONAL
 * DAMAGE"). Returns null for lower case.
 */
function nameSpelling(forms: ReadonlyMap<string, number>, lenient = false): string | null {
  // a spelling in lower case or with an English word shouted counts as lower case
  const ranked = [...forms]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([f, n]) => ({ f, n, plain: f === f.toLowerCase() || isEmphasis(f) }));
  let mid = 0;
  let lowerCount = 0;
  for (const { n, plain } of ranked) {
    mid += n;
    if (plain) lowerCount += n;
  }
  // the commonest capitalised spelling, where viewers' capitals are split ("PewDiePie", "Pewdiepie")
  const cased = ranked.find(
    ({ f, n, plain }) =>
      !plain &&
      (f !== f.toUpperCase() || f.replace(/\s/g, '').length <= 4) &&
      (n >= 2 || !/\p{Ll}\p{Lu}/u.test(f)),
  )?.f;
  const capitalised = mid - lowerCount;
  const enough = lenient ? capitalised >= 2 && capitalised * 3 >= mid : lowerCount * 2 < mid;
  return mid === 0 || !enough || !cased ? null : cased;
}

/**
 * A phrase the usual casing capitalised only in part ("paranoid Android"), capitalised throughout
 * when a viewer writes every word of it so mid-sentence ("Paranoid Android", a song): a name one of
 * whose words is also a product's or an acronym ("asmr gaming" -> "ASMR Gaming"). Otherwise as given.
 */
function titledName(cased: string, forms: ReadonlyMap<string, number>): string {
  const words = cased.split(' ');
  if (words.length < 2 || cased === cased.toLowerCase()) return cased;
  if (words.every((w) => /^\P{Ll}/u.test(w))) return cased;
  for (const form of forms.keys()) {
    const formWords = form.split(' ');
    if (
      formWords.length === words.length &&
      form.toLowerCase() === cased.toLowerCase() &&
      formWords.every((w) => /^\p{Lu}/u.test(w) && /\p{Ll}/u.test(w))
    )
      // the usual casing's own words stay as it writes them ("ASMR Gaming", not "Asmr Gaming")
      return formWords
        .map((w, i) => (words[i] === words[i]!.toLowerCase() ? w : words[i]))
        .join(' ');
  }
  return cased;
}

/** Words that greet or thank the person named right after them ("hey Derek", "thanks Derek"). */
const GREETINGS = new Set([
  'hi',
  'hii',
  'hey',
  'heyy',
  'hello',
  'dear',
  'yo',
  'thank',
  'thankyou',
  'thx',
]);
/** Titles between a greeting and a name ("hi Mr Banas"). */
const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mister', 'dr', 'sir']);
/** Words that follow a name a comment opens by addressing ("Derek, can you…", "Derek I love…"). */
const AFTER_ADDRESS = new Set(
  (
    'can could would will please pls plz do did you u your ur youre i im ive thank love why how ' +
    'what when where which are have keep make'
  ).split(' '),
);

/**
 * Whether the words at `i` (`length` of them) name the person the comment speaks to: after a
 * greeting or thanks ("hey Derek", "thank you Mr Banas"), or opening the comment before a request,
 * a question or a word to them ("Derek could you…", "Derek I love your videos"); not "Derek is…".
 */
function isAddressed(tokens: readonly Token[], i: number, length: number): boolean {
  let j = i - 1;
  if (TITLES.has(tokens[j]?.key ?? '')) j--;
  const before = tokens[j]?.key;
  if (before === undefined) {
    // past the rest of the name ("Derek Banas, which…")
    let next = tokens[i + length];
    if (next && !AFTER_ADDRESS.has(next.key) && /^\p{Lu}/u.test(next.surface))
      next = tokens[i + length + 1];
    return AFTER_ADDRESS.has(next?.key ?? '');
  }
  return GREETINGS.has(before) || (before === 'you' && tokens[j - 1]?.key === 'thank');
}

/**
 * Common nouns viewers call each other and the creator ("thanks mate", "you're an inspiration to me
 * brother."): used so, they name no topic ("Praise for the mate"); "my brother loves this" does.
 */
const FORMS_OF_ADDRESS = new Set(
  'mate matey bruv buddy pal fam homie brother sis bestie champ'.split(' '),
);

/**
 * Whether the word at `i` calls someone: after a greeting, thanks or "you" ("love you brother"),
 * or ending the comment or its sentence ("great stuff mate", "… brother. Thanks", "mate, your vid"),
 * unless a determiner or "my" comes before it or it is a plural.
 */
function isVocative(tokens: readonly Token[], i: number): boolean {
  const before = tokens[i - 1]?.key ?? '';
  if (GREETINGS.has(before) || before === 'you' || before === 'u') return true;
  // "my brother loves this", "showed it to my brother", "the Caba brothers": someone talked about
  if (marksAThing(before) || before === 'my' || before === 'our') return false;
  if (/s$/i.test(tokens[i]!.surface) && !/s$/.test(tokens[i]!.key)) return false;
  const next = tokens[i + 1];
  return (
    next === undefined ||
    AFTER_ADDRESS.has(next.key) ||
    (/^\p{Lu}/u.test(next.surface) && next.surface !== 'I')
  );
}

/** Words after a name that advise its person ("Mike should…", "Mike needs to…"). */
const ADVICE_AFTER = new Set(
  'should shud shld needs need must ought could might considered try tried'.split(' '),
);
/** Words before a name that pass advice on to its person ("tell Mike to…"). */
const ADVICE_BEFORE = new Set(['tell', 'ask']);

/** Whether the words at `i` (`length` of them) name a person the comment advises. */
function isAdvised(tokens: readonly Token[], i: number, length: number): boolean {
  const before = tokens[i - 1]?.key ?? '';
  const after = tokens[i + length]?.key ?? '';
  if (before === 'has' || before === 'have') return after === 'considered' || after === 'tried';
  return ADVICE_AFTER.has(after) || ADVICE_BEFORE.has(before);
}

/**
 * Finds how a term is written (a word as the whole section writes it, a phrase as its cluster does),
 * whether it usually follows a determiner and whether viewers address it.
 */
function describe(
  term: string,
  cluster: readonly Token[][],
  how: {
    /** How the whole section writes words. */
    section: SectionSpellings;
    /** Names the source spells (`sourceNames`). */
    names: ReadonlyMap<string, string>;
  },
  score: number,
): Omit<Keyphrase, 'share'> {
  const { section, names } = how;
  const parts = term.split(' ');
  // Spellings seen mid-comment in the cluster (a capital at the start of a comment says nothing
  // about names); a word the cluster seldom writes so is spelt as the whole section writes it.
  const forms = new Map<string, number>();
  // Lower-case spellings everywhere, to show a plural where viewers mostly write one.
  const plainForms = new Map<string, number>();
  let seen = 0;
  let mid = 0;
  let withDeterminer = 0;
  let hashtags = 0;
  let addressed = 0;
  let advised = 0;
  const vocativeForm = parts.length === 1 && FORMS_OF_ADDRESS.has(term);
  let vocatives = 0;
  for (const tokens of cluster) {
    for (let i = 0; i + parts.length <= tokens.length; i++) {
      if (!runAt(tokens, i, parts)) continue;
      seen++;
      if (parts.length === 1 && tokens[i]!.hashtag) hashtags++;
      // "the bot", "a bot", "the best youtuber": a determiner or an article, right before or before one
      // describing word, marks a countable thing the heading can name as "the bot"
      const before = tokens[i - 1]?.key;
      // ...unless the phrase describes a thing named right after it: in "a moresidemen video" the
      // article is the video's
      const describesNext = COUNT_NOUNS.has(tokens[i + parts.length]?.key ?? '');
      if (
        !describesNext &&
        (marksAThing(before) || (marksAThing(tokens[i - 2]?.key) && !NOT_DESCRIBING.has(before!)))
      )
        withDeterminer++;
      if (isAddressed(tokens, i, parts.length)) addressed++;
      if (isAdvised(tokens, i, parts.length)) advised++;
      if (vocativeForm && isVocative(tokens, i)) vocatives++;
      const surface = casingSurface(tokens, i, parts.length);
      const plain = surface.toLowerCase();
      plainForms.set(plain, (plainForms.get(plain) ?? 0) + 1);
      if (i === 0) continue;
      mid++;
      forms.set(surface, (forms.get(surface) ?? 0) + 1);
    }
  }
  // A word the cluster writes often enough is spelt as the cluster writes it ("job" where the
  // section's "Steve Jobs" folds into the same key); a rarer one as the whole section does.
  // A word English does not know (compromise's lexicon) and viewers seldom put after "the" is
  // most likely a name many of them type in lower case ("deji", "vikk"): a third capitalised will do.
  const lenient = parts.length === 1 && withDeterminer * 5 < seen && lexiconTag(term) === undefined;
  const spelling = nameSpelling(
    parts.length === 1 && mid < LOCAL_SPELLINGS ? section.of(term, plainForms.keys()) : forms,
    lenient,
  );
  // a word English knows only as a first name ("peggy", "harry"; not "mark" or "grace") is one,
  // however viewers type it
  const given = spelling === null && parts.length === 1 ? givenName(term) : undefined;
  const isName = spelling !== null || given !== undefined;
  const written = spelling ?? given ?? term;
  // The number most viewers write ("views", "recipes"); ties keep the tag's form.
  const plural = [...plainForms]
    .filter(([f]) => f !== term)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
  const shown = !isName && plural && plural[1] > (plainForms.get(term) ?? 0) ? plural[0] : written;
  // A word viewers mostly write as a hashtag is shown as one ("#MoreSidemen", not "moresidemen").
  const asHashtag = seen > 0 && hashtags * 2 > seen;
  const tag = (asHashtag ? `#${written}` : written).toLowerCase();
  const shownTag = asHashtag || isName || !plural || plainForms.has(term) ? tag : plural[0];
  // Acronyms, languages and a few products are written the usual way ("HTML", "French", "iPhone").
  // The source's spelling first ("Radiohead" from the title), then the usual one; then a full name
  // viewers type in lower case, where someone in the section capitalises its surname inside a
  // sentence ("no disrespect to David Dobrik"), which no one does to "idea" in "ethan idea".
  const cased = titledName(withUsualCasing(withSourceNames(shown, names)), forms);
  const fullName = asHashtag || parts.length !== 2 ? undefined : personName(cased);
  const display = asHashtag
    ? `#${written}`
    : fullName && isCapitalisedIn(section, parts[1]!, cased.split(' ')[1]!)
      ? fullName
      : cased;
  const name = display !== display.toLowerCase();
  // a one-word name that is no acronym ("Calvin", "Stellaris"; not "IDE")
  const oneWordName = name && parts.length === 1 && display !== display.toUpperCase();
  return {
    tag,
    shownTag,
    display,
    name,
    // software, services and makers go bare ("Questions about Visual Studio")
    // abstract nouns and one-word names only when more than half the uses have one ("Thoughts on
    // life"; "that Calvin and Hobbes animation" three times in nine is no "the Calvin"), while a
    // named thing keeps its article at 30% ("the NBA player"), as does an acronym ("the IDE")
    // a person's full name goes bare too, whatever it describes ("the George Floyd case")
    takesArticle:
      !asHashtag &&
      !isBareName(display) &&
      !(parts.length === 2 && personName(term) !== undefined) &&
      seen > 0 &&
      (ABSTRACT_NOUNS.has(term) || oneWordName
        ? withDeterminer * 2 > seen
        : withDeterminer / seen >= 0.3),
    addressed: name && seen > 0 && addressed * 2 >= seen,
    advised: name && seen > 0 && advised * 2 >= seen,
    // a form of address, mostly used to call someone, says as little as "thanks"
    generic: isGeneric(term) || (vocativeForm && vocatives * 2 >= seen && seen > 0),
    score,
  };
}
