/** "Written with the offline engine", "Written with Gemma 3 4B IT (llama.cpp)"; '' for a story
 * written by hand (no writer saved). */
export function writtenWith(writer?: string | null): string {
  const name = (writer ?? '').trim();
  if (!name) return '';
  return name === 'Offline engine' ? 'Written with the offline engine' : `Written with ${name}`;
}

/** The paragraphs of a text, as the server counts them (blank-line separated, trimmed). */
export function splitParagraphs(text: string): string[] {
  return text
    .replace(/\r\n/g, '\n')
    .trim()
    .split(/\n[ \t]*(?:\r?\n)+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Which paragraph a caret position of the text falls in (0-based). */
export function paragraphAt(text: string, caret: number): number {
  const before = splitParagraphs(text.slice(0, caret));
  const count = splitParagraphs(text).length;
  if (!before.length) return 0;
  // a caret right after a blank line starts the next paragraph
  const startsNext = /\n[ \t]*\n[ \t]*$/.test(text.slice(0, caret));
  return Math.min(count - 1, before.length - 1 + (startsNext ? 1 : 0));
}
