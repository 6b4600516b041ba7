/** Punctuation ending a name or a word ("Fox,"). */
const TRAILING_PUNCTUATION = /[^\p{L}\p{N}]+$/u;

/**
 * A reply often opens with the display name of the viewer it answers: "@Josh Fox bro what??".
 * Display names may have spaces, so the words after the first are read as the reply's own: "@Average
 * Asian fashionista is not possible…" twice in one cluster made its heading "Conversations about
 * Asian". A mention of a name that some comment of the same section is signed with is that whole
 * name (on the COMP34812 full threads 494 of 497 mentions are, 246 of them with a space).
 */
export class MentionedNames {
  /** Names with a space, lower case, by their first word, with their lengths in words, most first. */
  private readonly byFirstWord = new Map<string, { names: Set<string>; lengths: number[] }>();

  /**
   * `authors`: the section's display names. `texts` (optional): its comments, from which a mention
   * written with the same capitalised second word in two or more of them is a name too, for viewers
   * whose own comments are not in the section ("@Average Asian fashionista…", "@Average Asian only
   * the Forsaken…").
   */
  constructor(authors: Iterable<string | null | undefined>, texts: Iterable<string> = []) {
    const seen = new Map<string, number>();
    for (const text of texts) {
      if (!text.includes('@')) continue;
      for (const m of text.matchAll(/@([\p{L}\p{N}_.-]+)\s+(\p{Lu}[\p{L}\p{N}]*)/gu)) {
        const pair = `${m[1]} ${m[2]}`.toLowerCase();
        seen.set(pair, (seen.get(pair) ?? 0) + 1);
      }
    }
    const repeated = [...seen].filter(([, n]) => n >= 2).map(([pair]) => pair);
    for (const author of [...authors, ...repeated]) {
      if (!author) continue;
      const name = author
        .trim()
        .replace(/^@/, '')
        .replace(TRAILING_PUNCTUATION, '')
        .replace(/\s+/g, ' ')
        .toLowerCase();
      const words = name.split(' ');
      // a name without a space ends at the first space anyway (the tokeniser drops "@handle")
      if (words.length < 2 || words[0] === '') continue;
      let entry = this.byFirstWord.get(words[0]!);
      if (!entry) this.byFirstWord.set(words[0]!, (entry = { names: new Set(), lengths: [] }));
      entry.names.add(name);
      if (!entry.lengths.includes(words.length)) {
        entry.lengths.push(words.length);
        entry.lengths.sort((a, b) => b - a);
      }
    }
  }

  /** The text with every "@Full Name" of a section author blanked out (other text unchanged). */
  strip(text: string): string {
    if (this.byFirstWord.size === 0 || !text.includes('@')) return text;
    let out = '';
    let from = 0;
    for (const m of text.matchAll(/@(\S+)/gu)) {
      const entry = this.byFirstWord.get(m[1]!.toLowerCase());
      if (!entry || m.index < from) continue;
      const rest = text.slice(m.index + 1);
      // the longest name that fits: as many words as each length, compared with spaces collapsed;
      // "@Josh Fox, nah": punctuation after the name is the reply's
      for (const length of entry.lengths) {
        const written = leadingWords(rest, length)?.replace(TRAILING_PUNCTUATION, '');
        if (!written || !entry.names.has(written.replace(/\s+/g, ' ').toLowerCase())) continue;
        out += `${text.slice(from, m.index)} `;
        from = m.index + 1 + written.length;
        break;
      }
    }
    return from === 0 ? text : out + text.slice(from);
  }
}

/** Patterns for a text's first n words, by n. */
const LEADING_WORDS = new Map<number, RegExp>();

/** The first `n` whitespace-separated words of a text as written, or undefined if it has fewer. */
function leadingWords(text: string, n: number): string | undefined {
  let pattern = LEADING_WORDS.get(n);
  if (!pattern) LEADING_WORDS.set(n, (pattern = new RegExp(`^\\S+(?:\\s+\\S+){${n - 1}}`, 'u')));
  return pattern.exec(text)?.[0];
}
