/** Removes links: their fragments ("https youtu", "com/watch") are neither topics nor questions. */
export function stripUrls(text: string): string {
  return text
    .replace(/\b(?:https?:\/\/|www\.)\S+/gi, ' ')
    .replace(/\b[\w-]+\.(?:com|be|ly|net|org|io)\/\S*/gi, ' ');
}

/**
 * Splits a comment into sentences, keeping the end punctuation (so questions keep their '?'), also
 * Chinese and Japanese ones ("。", "？", "！") and Arabic questions ("؟").
 */
export function splitSentences(text: string): string[] {
  const normalised = stripUrls(text).replace(/\s+/g, ' ').trim();
  if (normalised === '') return [];
  const parts = normalised.match(/[^.!?。！？؟\n]+(?:[.!?。！？؟]+|$)/g) ?? [normalised];
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}
