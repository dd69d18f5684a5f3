import type { components } from '../../types/api.gen';

/** A content warning's key (the fixed list of core/data/content_warnings.toml). */
export type WarningKey = NonNullable<components['schemas']['Warning']['key']>;

/** What an author sets on a story or a video besides its text: free tags, warnings, 18+. */
export type Labels = { tags: string[]; contentWarnings: WarningKey[]; isMature: boolean };

export const DEFAULT_LABELS: Labels = { tags: [], contentWarnings: [], isMature: false };

/** As the API rules it (core/content_tags.py): at most 10 tags of 1-30 letters, digits, spaces, hyphens. */
export const MAX_TAGS = 10;
export const MAX_TAG = 30;
const TAG = /^[\p{L}\p{N}]+(?:[ -][\p{L}\p{N}]+)*$/u;

/** A tag as the server stores it: trimmed, inner spaces made one, lower-cased. */
export const normalTag = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Why `tag` (normalised) cannot be added to `tags`, or null. */
export function tagProblem(tag: string, tags: readonly string[]): string | null {
  if (!tag) return null;
  if (tags.includes(tag)) return `'${tag}' is already a tag`;
  if (tags.length >= MAX_TAGS) return `At most ${MAX_TAGS} tags`;
  if (tag.length > MAX_TAG) return `A tag is at most ${MAX_TAG} characters`;
  if (!TAG.test(tag)) return 'A tag is letters, digits, spaces and hyphens';
  return null;
}

/** The labels of a saved story or video. */
export const labelsOf = (item: Partial<Labels>): Labels => ({
  tags: [...(item.tags ?? [])],
  contentWarnings: [...(item.contentWarnings ?? [])],
  isMature: !!item.isMature,
});
