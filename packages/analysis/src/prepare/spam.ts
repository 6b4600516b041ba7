/**
 * Obvious-spam rules for comments: self-promotion, links away from the video, messaging-app and
 * investment scams, "read my name" bait. Deliberately conservative: a false positive hides a real
 * viewer's comment from topic discovery, so only patterns that are spam in nearly every context count.
 */

const URL =
  /\b(?:https?:\/\/|www\.)[^\s<>"']+|\b[a-z0-9][a-z0-9-]{1,62}\.(?:com|net|org|io|ly|gg|me|tv|xyz|link|site|shop|store|online|club|info|co|app|live|to)\/[^\s<>"']*/gi;

/** Cheap pre-check so the full URL pattern only runs on texts that can hold a link. */
const MAYBE_LINK = /https?:|www\.|\.[a-z]{2,6}\//i;

/** Links that are references, not promotion (documentation, code, encyclopaedias). */
const REFERENCE_HOST =
  /^(?:[a-z0-9-]+\.)*(?:wikipedia\.org|github\.com|gitlab\.com|stackoverflow\.com|stackexchange\.com|python\.org|mozilla\.org|microsoft\.com|apple\.com|imdb\.com|w3schools\.com|npmjs\.com|readthedocs\.io|google\.com)$/i;

const PROMOTION = [
  /\bcheck (?:out )?my (?:new )?(?:channel|page|profile|videos?|music|songs?|content|playlist|mixtape|art)\b/i,
  /\b(?:visit|watch|see|view) my (?:new |latest )?(?:channel|page|profile|videos?|content)\b/i,
  /\bsub(?:scribe)? (?:to )?(?:me|my)\b/i,
  /\bsub ?(?:4|for) ?sub\b/i,
  /\bsubscribe back\b/i,
  /\bsubs? (?:back|pls|plz)\b/i,
  /\bfollow me (?:on|at)\b/i,
  /\b(?:don'?t |do not )?read my (?:user ?)?name\b/i,
  /\bᴅᴏɴ'?ᴛ ʀᴇᴀᴅ\b/i,
  /\bclick (?:on )?my (?:name|profile|channel|picture|pfp)\b/i,
  /\bonlyfans\b|\bnudes?\b.*\b(?:profile|link|dm)\b|\b(?:hot|lonely|sexy) (?:girls|singles|women) (?:in your|near)\b/i,
];

const MESSAGING = /\b(?:what'?s ?app|telegram|wickr|signal app|viber|kik)\b/i;
const CONTACT_DETAIL = /\+?\d[\d\s().-]{7,}\d|@[a-z0-9_]{3,}|\bt\.me\/|\bwa\.me\//i;
const INVESTMENT =
  /\b(?:bitcoin|btc|crypto(?:currency)?|forex|binary options?|usdt|ethereum|investment|invest(?:ing|ed)?|trading|trader|portfolio|stocks?)\b/i;
const MONEY_CLAIM =
  /\$\s?\d[\d,.]*\s?(?:k|usd)?\b.{0,60}\b(?:profit|returns?|weekly|monthly|earn(?:ed|ing)?|made|receiv(?:e|ed|ing)|withdraw)|\b(?:profit|returns?|earn(?:ed|ing)?|made|receiv(?:e|ed|ing))\b.{0,60}\$\s?\d[\d,.]{3,}/i;
const SCAM_ACTOR =
  /\b(?:his|her|their) (?:signals|strategy|strategies|platform|program|trading)\b|\b(?:accumulate|accumulated|made|earned)\s+\d+(?:\.\d+)?\s?(?:btc|eth|bitcoin)\b|\b(?:expert|mentor|coach|broker|account manager|financial advis[eo]r)\b.{0,80}\b(?:mrs?\.?|ms\.?|dr\.?)\s+[A-Z]|\b(?:reach|contact|text|message|dm)\s+(?:him|her|them|me)\b/i;

function isPromotionalLink(url: string): boolean {
  const withScheme = /^https?:\/\//i.test(url) ? url : `https://${url}`;
  let parsed: globalThis.URL;
  try {
    parsed = new globalThis.URL(withScheme);
  } catch {
    return true;
  }
  const host = parsed.hostname.toLowerCase();
  if (REFERENCE_HOST.test(host)) return false;
  if (/(^|\.)(youtube\.com|youtu\.be)$/.test(host)) {
    // A timestamp into a video ("look at 3:12") is how viewers cite a moment; channel and bare video links promote.
    return !parsed.searchParams.has('t') && !/[?&]t=\d/.test(parsed.search);
  }
  return true;
}

/** Why a comment is spam (a short reason for logs and tests), or null when it looks genuine. */
export function spamReason(clean: string): string | null {
  if (clean === '') return null;
  if (MAYBE_LINK.test(clean)) {
    for (const url of clean.match(URL) ?? []) {
      if (isPromotionalLink(url)) return 'link';
    }
  }
  if (PROMOTION.some((re) => re.test(clean))) return 'self-promotion';
  if (MESSAGING.test(clean) && (CONTACT_DETAIL.test(clean) || INVESTMENT.test(clean)))
    return 'messaging-scam';
  if (INVESTMENT.test(clean) && (MONEY_CLAIM.test(clean) || SCAM_ACTOR.test(clean)))
    return 'investment-scam';
  return null;
}
