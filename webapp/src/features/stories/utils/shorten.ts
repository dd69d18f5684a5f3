/** How much of the text Shorten keeps (SPEC §4: the first 80 percent of the characters). */
export const SHORTEN_KEEP = 0.8;

// The end of a sentence: . ! ? or … with any closing quotes or brackets, then a space or the end.
const SENTENCE_END = /[.!?…]+["'”’)\]]*(?=\s|$)/g;

/**
 * The first 80 % of the characters, cut at the sentence end nearest to that point (at a word
 * boundary when the text has no sentence end), so the story never stops mid-sentence.
 */
export function shortenText(text: string, keep = SHORTEN_KEEP): string {
  const value = text.trim();
  const target = Math.round(value.length * keep);
  let best = -1;
  for (const match of value.matchAll(SENTENCE_END)) {
    const end = (match.index ?? 0) + match[0].length;
    if (end >= value.length) break;
    if (best < 0 || Math.abs(end - target) < Math.abs(best - target)) best = end;
  }
  if (best > 0) return value.slice(0, best);
  const space = value.lastIndexOf(' ', target);
  return value.slice(0, space > 0 ? space : target).trimEnd();
}
