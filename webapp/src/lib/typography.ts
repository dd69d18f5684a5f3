/**
 * Typographic punctuation for reading: curly quotes and apostrophes, em dashes and ellipses.
 * Only what is shown changes; the stored text (and the editor's) keeps the straight characters.
 */

/** Words that open with an apostrophe ('em, 'tis, 'twas, 'cause, 'til, 'round, 'n'). */
const ELIDED = /(^|[\s([{"“‘—–-])'(?=(?:em|tis|twas|cause|til|round|n)\b)/gi;
const OPENS_AFTER = /[\s([{—–\-/“‘]/;

function curl(text: string, straight: string, open: string, close: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch !== straight) {
      out += ch;
      continue;
    }
    const before = i === 0 ? '' : text[i - 1];
    out += before === '' || OPENS_AFTER.test(before) ? open : close;
  }
  return out;
}

/** `text` with typographic quotes, apostrophes, dashes and ellipses. */
export function smartPunctuation(text: string | null | undefined): string {
  if (!text) return '';
  let out = text
    .replace(/\.\.\./g, '…')
    .replace(/(\S) ?--- ?(?=\S)/g, '$1—')
    .replace(/(\S) ?-- ?(?=\S)/g, '$1—')
    .replace(/ - /g, ' — ')
    .replace(/'(?=\d\ds\b)/g, '’') // the '90s
    .replace(ELIDED, '$1’');
  out = curl(out, '"', '“', '”');
  // an apostrophe inside a word (don't, Mara's) or after one (the Harpers') closes
  out = curl(out, "'", '‘', '’');
  return out;
}
