/**
 * Obvious-spam rules for comments: self-promotion, links away from the video, messaging-app,
 * prize and investment scams, "read my name" bait, and spam accounts known by their display name
 * ("FREE ROBUX GO TO MY CHANNEL", "Come Fast To Get Into My Body"). Deliberately conservative: a
 * false positive hides a real viewer's comment from topic discovery, so only patterns that are spam
 * in nearly every context count. Texts and names are matched after `foldConfusables`, since spam
 * dresses its words in look-alike letters (small capitals, mathematical bold, Cyrillic homoglyphs)
 * to get past exactly such filters.
 */

/** Small capitals and other look-alikes that Unicode normalisation does not fold. */
const LOOK_ALIKES: Record<string, string> = {
  ᴀ: 'a',
  ʙ: 'b',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ꜰ: 'f',
  ɢ: 'g',
  ʜ: 'h',
  ɪ: 'i',
  ᴊ: 'j',
  ᴋ: 'k',
  ʟ: 'l',
  ᴍ: 'm',
  ɴ: 'n',
  ᴏ: 'o',
  ᴘ: 'p',
  ǫ: 'q',
  ʀ: 'r',
  ꜱ: 's',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ʏ: 'y',
  ᴢ: 'z',
  '¢': 'c',
  ɡ: 'g',
  ı: 'i',
};

const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'gu');

/** Cyrillic and Greek letters drawn like Latin ones (folded only where Latin text is being faked). */
const HOMOGLYPHS: Record<string, string> = {
  А: 'A',
  В: 'B',
  С: 'C',
  Е: 'E',
  Н: 'H',
  І: 'I',
  Ј: 'J',
  К: 'K',
  М: 'M',
  О: 'O',
  Р: 'P',
  Ѕ: 'S',
  Т: 'T',
  Х: 'X',
  У: 'Y',
  а: 'a',
  в: 'b',
  с: 'c',
  е: 'e',
  є: 'e',
  і: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  ѕ: 's',
  т: 't',
  х: 'x',
  у: 'y',
  ԁ: 'd',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  α: 'a',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  σ: 'o',
  τ: 't',
  υ: 'u',
  χ: 'x',
};

/** Characters `foldConfusables` may change: accented and other letters, look-alikes, styled letters. */
const MAY_FOLD =
  /[\u00a0-\u2fff\ua700-\ua7ff\uff00-\uffef]|[\u{1d400}-\u{1d7ff}\u{1f130}-\u{1f189}]/u;
const LATIN = /[a-z]/gi;
const CYRILLIC_OR_GREEK = /[\u0370-\u03ff\u0400-\u04ff]/gu;

/**
 * Text as plain Latin letters for matching: compatibility forms (mathematical bold, fullwidth,
 * circled letters) and accents folded by NFKD, squared letters (🅷🅸) and small capitals mapped,
 * and Cyrillic or Greek look-alikes mapped when they hide inside Latin text (a text mostly in
 * Latin letters, or a word mixing both: "ТАP T0 НAVE"). Russian or Greek text stays as it is.
 * `always` maps the look-alikes in any case (display names are short and often all disguise).
 */
export function foldConfusables(text: string, always = false): string {
  // most comments hold nothing to fold (plain ASCII, or ASCII and emoji): skip the normalisation
  if (!MAY_FOLD.test(text)) return text;
  let s = text.normalize('NFKD').replace(/\p{M}+/gu, '');
  s = s.replace(/[\u{1F130}-\u{1F189}]/gu, (ch) =>
    String.fromCharCode(65 + ((ch.codePointAt(0)! - 0x1f130) % 32)),
  );
  s = s.replace(LOOK_ALIKE, (ch) => LOOK_ALIKES[ch]!).replace(/[\u2018\u2019\u02bc]/g, "'");
  const latin = (s.match(LATIN) ?? []).length;
  const other = (s.match(CYRILLIC_OR_GREEK) ?? []).length;
  if (other === 0) return s;
  const mapAll = always || latin >= 2 * other;
  return s.replace(/\S+/gu, (word) =>
    mapAll || /[a-z]/i.test(word)
      ? word.replace(CYRILLIC_OR_GREEK, (ch) => HOMOGLYPHS[ch] ?? ch)
      : word,
  );
}

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
  /\b(?:my|check|sub(?:scribe)? to)\W+only\W?fans\b|\bonly\W?fans\b.{0,30}\b(?:link|bio|profile|free|dm)\b|\bnudes?\b.*\b(?:profile|link|dm)\b|\b(?:hot|lonely|sexy) (?:girls|singles|women) (?:in your|near)\b/i,
  /(?:^|[.!?]\s*)(?:pls |please |plz )?support (?:me|my channel)\b|\b(?:pls|please|plz) support (?:me|my (?:channel|page|music|videos?))\b|\bsupport (?:me|my channel) (?:guys|pls|please|plz|by)\b/i,
  /\bi (?:upload|make|post|create) .{0,50}\b(?:videos?|content|covers?|music|songs?|shorts)\b.{0,80}\b(?:support|sub(?:scribe)?|check (?:it |them )?out)\b/i,
  /\b(?:commented|replied) on my (?:recent |latest |new |last )?(?:video|vid|short|post)\b/i,
  /\bon my channel\b.{0,40}\b(?:check|watch|visit|go)\b|\b(?:check|watch|visit|go to) .{0,20}\bon my channel\b/i,
  // a bid for a visit: "how are my vlogs?", "rate my channel", "my content's better than his"
  /\b(?:rate|how (?:are|is)|what do you think (?:of|about)) my (?:vlogs?|videos?|channel|content|covers?|edits?|shorts)\b|\bmy (?:content|channel|videos?|vlogs?)(?:'s| is| are)? (?:way |much |so )?better than\b/i,
  // a pitch that points at the commenter's profile ("I made a course ..., link in my profile")
  /\blinks? (?:is |are )?in my (?:bio|profile|channel|about)\b/i,
];

/**
 * Chain bait that trades a subscription for a wish or ignoring it for a curse ("1 subscribe = 100
 * years of good health, ignore = bad luck"). "1 like = 1 prayer" under a sad moment is a viewer's.
 */
const ENGAGEMENT_BAIT =
  /(?:^|[^\d])(?:1|one) sub(?:scribe|scription)?\W{0,3}(?:=|:|➡|→)\W{0,3}\S|\b[il1]gnore\W{0,3}(?:=|:|➡|→)\W{0,3}\S/i;

/** Invitations to a forum, server or group elsewhere. */
const JOIN_ELSEWHERE =
  /\b(?:join|visit) (?:our|my) (?:discord|server|group|forum|webinar|telegram|whats ?app|community)\b|\bonline (?:forum|webinar|summit)\b.{0,160}\b(?:please )?join\b/i;

/** The "financial advisor" scam: a named advisor or coach recommended in a thread of accomplices. */
const ADVISOR_SCAM =
  /\b(?:financial|investment|trading|crypto|forex) (?:advis[eo]r|coach|expert|consultant|manager|mentor)\b.{0,200}\b(?:recommend|in touch|work with|reach out|credentials|look (?:her|him) up|contact)\b|\b(?:[Mm]y|[Hh]er|[Hh]is) (?:advis[eo]r|coach|broker|mentor) is [A-Z][a-z]+ [A-Z]/;

/** Prize and giveaway scams: "Congratulations winner ... text the telegram user name to claim your prize". */
const PRIZE_SCAM =
  /\bclaim (?:your|the|ur) (?:prize|reward|gift|giveaway|winnings?)\b|\b(?:congratulations?|congrats)\b.{0,40}\b(?:winner|you(?:'ve| have)? won|selected)\b.{0,120}\b(?:telegram|whats ?app|nicegram|signal|text|message|contact|dm)\b/i;

const MESSAGING = /\b(?:what'?s ?app|telegram|wickr|signal app|viber|kik|nicegram)\b/i;
/** "Message me on Telegram" (spam misspells it "massage"). */
const MESSAGE_ME =
  /\b(?:message|massage|msg|text|dm|contact|reach|write)\W*(?:me|us|to me)\W*(?:on|via|at|in)?\W*(?:telegram|what'?s ?app|nicegram|wickr|signal|viber|kik)\b/i;
const CONTACT_DETAIL = /\+?\d[\d\s().-]{7,}\d|@[a-z0-9_]{3,}|\bt\.me\/|\bwa\.me\//i;
const INVESTMENT =
  /\b(?:bitcoin|btc|crypto(?:currency)?|forex|binary options?|usdt|ethereum|investment|invest(?:ing|ed)?|trading|trader|portfolio|stocks?)\b/i;
const MONEY_CLAIM =
  /\$\s?\d[\d,.]*\s?(?:k|usd)?\b.{0,60}\b(?:profit|returns?|weekly|monthly|earn(?:ed|ing)?|made|receiv(?:e|ed|ing)|withdraw)|\b(?:profit|returns?|earn(?:ed|ing)?|made|receiv(?:e|ed|ing))\b.{0,60}\$\s?\d[\d,.]{3,}/i;
const SCAM_ACTOR =
  /\b(?:his|her|their) (?:signals|strategy|strategies|platform|program|trading)\b|\b(?:accumulate|accumulated|made|earned)\s+\d+(?:\.\d+)?\s?(?:btc|eth|bitcoin)\b|\b(?:expert|mentor|coach|broker|account manager|financial advis[eo]r)\b.{0,80}\b(?:mrs?\.?|ms\.?|dr\.?)\s+[A-Z]|\b(?:reach|contact|text|message|dm)\s+(?:him|her|them|me)\b/i;

/**
 * A viewer explaining or warning about a scam ("they show you a 50% return on your first $100, then
 * take the rest: a red flag"): a scam pitch boasts of the returns and never names itself one.
 */
const SCAM_WARNING =
  /\b(?:scam(?:s|med|mers?)?|fraud(?:s|ulent|sters?)?|ponzi|pyramid scheme|red flags?|con (?:artists?|m[ae]n)|rip-?offs?|beware)\b/i;

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
  const text = foldConfusables(clean);
  if (PROMOTION.some((re) => re.test(text))) return 'self-promotion';
  if (ENGAGEMENT_BAIT.test(text)) return 'engagement-bait';
  if (PRIZE_SCAM.test(text) || MESSAGE_ME.test(text)) return 'messaging-scam';
  if (JOIN_ELSEWHERE.test(text)) return 'self-promotion';
  if (ADVISOR_SCAM.test(text)) return 'investment-scam';
  if (MESSAGING.test(text) && (CONTACT_DETAIL.test(text) || INVESTMENT.test(text)))
    return 'messaging-scam';
  if (
    INVESTMENT.test(text) &&
    (SCAM_ACTOR.test(text) || (MONEY_CLAIM.test(text) && !SCAM_WARNING.test(text)))
  )
    return 'investment-scam';
  return null;
}

/**
 * A reply that plays along under a scam comment: the accomplices' "how do I reach her?", "my advisor
 * did the same for me" that make the pitch look trusted. Only meaningful under a scam comment; a
 * reply calling it out ("this is a scam") is a viewer's.
 */
const SCAM_FOLLOW_UP =
  /\b(?:advis[eo]r|coach|mentor|broker|expert|professional|consultant|portfolio|profits?|returns?|how (?:do|can|could) i (?:reach|contact|get in touch|go about|start|get started|join)|(?:her|his|their) (?:contact|info|details|name|number)|recommend(?:ed)?|reach (?:her|him|them))\b/i;

/** Whether a reply under an investment or messaging scam comment is one of the scam's own. */
export function isScamFollowUp(reply: string, parentReason: string | null): boolean {
  if (parentReason !== 'investment-scam' && parentReason !== 'messaging-scam') return false;
  const text = foldConfusables(reply);
  return (
    (SCAM_FOLLOW_UP.test(text) || INVESTMENT.test(text) || MESSAGING.test(text)) &&
    !SCAM_WARNING.test(text) &&
    !/\b(?:fake|bots?|lies?|lying|report(?:ed)?)\b/i.test(text)
  );
}

/** Display names that lure to a profile: sex bait, free game currency, sub-for-sub, "don't read my name". */
const LURE_NAME = [
  /\bcome (?:fast|over|here|quick)\b|\bget into my (?:body|bed|room)\b|\bturn you on\b|\btouch\W*me\b|\bjoin (?:fast|quick|me now)\b/i,
  /\bt\W*[a@4]+\W*p\W*(?:on\W*)?(?:me|my|here)\b|\bclick (?:on )?(?:me|my|here)\b|\bcheck my (?:profile|pic|pfp|bio)\b/i,
  /\bh[o0]rny\b|(?<![a-z])s\W?[e3*]\W?x(?:y|x+)?(?![a-z])|\bf\W?[u#*@]?\W?c\W?k\W*(?:me|with)\b|\bhot\W*girl|\bsexy\b|\bnudes?\b|\bonly\W?fans\b|\bhook\W?up\b|\b18\s?\+|\bi'?m lonely\b/i,
  /\bfree\W*(?:robux|v\W?bucks|gems|skins?|iphone)\b|\brobux\b/i,
  // a coin in a name is a fan's; a coin with a pitch is an advert ("Why 1BTC will be worth 100 million")
  /(?:(?<![a-z])\d*btc|\bbitcoin|\bcrypto|\bforex)\b.{0,40}\b(?:trader|trading|signals?|expert|mentor|invest(?:ment|or|ing)?|profits?|worth|millions?|coach|manager|academy|pump)\b/i,
  /\b(?:go|come) to my (?:channel|chanel|profile)\b|\bcheck (?:out )?my (?:channel|chanel|videos?)\b|\bsub(?:bing|scribing)? to (?:everyone|everybody|all) who\b|\bsub\W?(?:4|for)\W?sub\b|\bwho subs?\b/i,
  /\b\d+(?:\.\d+)?\s?k\s?(?:subs?|subscribers?)?\s?(?:challenge\s)?(?:with|w\/?)\s?(?:no|0|\d)\s?vid|\b\d+(?:\.\d+)?\s?k\s?(?:subs?\s?)?challenge\b|\b(?:mission|road|journey) to \d+\s?k\b|\bhelp me (?:to |reach |get )?(?:to )?(?:my dream|\d+\s?k)\b|\bdream of \d+\s?k\b/i,
  /\b(?:don'?t|do not|dont) (?:read|look at|open|click|tap) my\b|\bread my (?:name|profile|pfp|bio)\b|\bprofile pic(?:ture)?\b/i,
  /\btel[e3]\W?gr[a@]\W?m\b|\bteiegra|\bwhats\W?app\b|\bnicegram\b|\b(?:text|dm|message) me\b|\b(?:l[i!1]ve|online) now\b/i,
];

/**
 * Why a commenter's display name marks a spam account, or null. Such accounts post harmless-looking
 * text (often copied from other viewers) so that people click through to the profile; every comment
 * they post is spam. The name is folded first ("𝗙𝗥𝗘𝗘 𝗥𝗢𝗕𝗨𝗫", "F#СК МЕ").
 */
export function spamAuthorReason(author: string | null | undefined): string | null {
  if (!author) return null;
  const name = foldConfusables(author, true).replace(/\s+/g, ' ');
  return LURE_NAME.some((re) => re.test(name)) ? 'spam-account' : null;
}
