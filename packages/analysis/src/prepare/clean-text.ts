/**
 * Turns comment text as sources deliver it (YouTube's `textDisplay` is HTML: `<br>`, `<a href>`,
 * `<b>`, `&#39;`, `&quot;`...) into plain text. Emoji and every non-Latin script are kept.
 */

/** Named entities seen in comment sources; anything else named is left as written. */
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ensp: ' ',
  emsp: ' ',
  thinsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  sect: '§',
  para: '¶',
  times: '×',
  divide: '÷',
  plusmn: '±',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  iexcl: '¡',
  iquest: '¿',
  shy: '',
  zwj: '\u200d',
  zwnj: '\u200c',
  agrave: 'à',
  aacute: 'á',
  acirc: 'â',
  atilde: 'ã',
  auml: 'ä',
  aring: 'å',
  aelig: 'æ',
  ccedil: 'ç',
  egrave: 'è',
  eacute: 'é',
  ecirc: 'ê',
  euml: 'ë',
  igrave: 'ì',
  iacute: 'í',
  icirc: 'î',
  iuml: 'ï',
  ntilde: 'ñ',
  ograve: 'ò',
  oacute: 'ó',
  ocirc: 'ô',
  otilde: 'õ',
  ouml: 'ö',
  oslash: 'ø',
  ugrave: 'ù',
  uacute: 'ú',
  ucirc: 'û',
  uuml: 'ü',
  yacute: 'ý',
  yuml: 'ÿ',
  szlig: 'ß',
  Agrave: 'À',
  Aacute: 'Á',
  Acirc: 'Â',
  Auml: 'Ä',
  Ccedil: 'Ç',
  Egrave: 'È',
  Eacute: 'É',
  Ntilde: 'Ñ',
  Ouml: 'Ö',
  Uuml: 'Ü',
};

function codePointOrNull(value: number): string | null {
  // Surrogates, NUL and out-of-range values are not characters; C1 controls are dropped too.
  if (!Number.isFinite(value) || value <= 0 || value > 0x10ffff) return null;
  if (value >= 0xd800 && value <= 0xdfff) return null;
  if (value >= 0x80 && value <= 0x9f) return null;
  return String.fromCodePoint(value);
}

/** Decodes named (`&amp;`), decimal (`&#39;`) and hexadecimal (`&#x1F600;`) character references. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    /&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});/g,
    (whole, body: string) => {
      if (body.startsWith('#')) {
        const hex = body[1] === 'x' || body[1] === 'X';
        const value = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
        return codePointOrNull(value) ?? '';
      }
      return NAMED_ENTITIES[body] ?? NAMED_ENTITIES[body.toLowerCase()] ?? whole;
    },
  );
}

/**
 * Known HTML element names only: viewers write "<female dog>" or "<3" in plain text, and those must stay.
 */
const INLINE_TAG =
  /<\/?(?:a|abbr|b|big|code|del|em|font|hr|i|iframe|img|ins|kbd|mark|pre|q|s|small|span|strike|strong|sub|sup|table|tbody|th|thead|u|wbr)\b(?:\s[^<>]*)?\/?>/gi;

/**
 * Removes HTML markup: line-breaking tags become spaces, other tags vanish (link text is kept),
 * `<script>`/`<style>` content is dropped. Anything that is not a known tag ("<3", "a < b", "<female dog>") stays.
 */
export function stripHtml(text: string): string {
  if (!text.includes('<')) return text;
  return text
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?(br|p|div|li|ul|ol|tr|td|h[1-6]|blockquote)\b[^>]*>/gi, ' ')
    .replace(INLINE_TAG, '');
}

/**
 * Clean text for analysis: HTML removed, entities decoded (after stripping, so an encoded `&lt;b&gt;`
 * stays visible text), invisible format characters other than the emoji joiners removed, literal
 * `\n` escape sequences (as some CSV exports carry) and all whitespace collapsed to single spaces.
 */
export function cleanText(raw: string): string {
  const withoutTags = stripHtml(raw);
  const decoded = decodeEntities(withoutTags);
  return (
    decoded
      .replace(/\\[nrt]/g, ' ')
      // eslint-disable-next-line no-control-regex -- stripping control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\u200e\u200f\u2060\ufeff]/g, '')
      .replace(/\s+/gu, ' ')
      .trim()
  );
}

/**
 * The form used to recognise near duplicates: NFKC, lower case, accents and punctuation removed,
 * letters repeated 3+ times squeezed to two ("soooo" = "soo"), emoji kept as tokens.
 */
export function normaliseForMatching(clean: string): string {
  // ASCII needs no Unicode normalisation; skipping it halves the cost on English comments.
  // eslint-disable-next-line no-control-regex -- an ASCII range test
  const ascii = /^[\x00-\x7f]*$/.test(clean);
  const folded = ascii ? clean : clean.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC');
  const tokens =
    folded
      .toLowerCase()
      .replace(/(\p{L})\1{2,}/gu, '$1$1')
      .match(/[\p{L}\p{N}]+|\p{Extended_Pictographic}/gu) ?? [];
  return tokens.join(' ');
}
