import { api } from '../../../lib/api-client';
import type { JobStarted } from '../../../lib/jobs';
import type { Scene } from '../../../lib/content/scene';
import type { ContinuedText, Rewrites, StoryPlan } from '../../../types/api';

/** The generation request: the scene (mood as a list of one), the length and a title to suggest. */
export type GeneratePayload = Omit<Scene, 'mood'> & {
  mood: string[];
  /** words (100-3000); the labels short, medium and long are still accepted */
  storyLength: number | 'short' | 'medium' | 'long';
  suggestedTitle: string;
  /** write from this plan (an outline, edited); without one the writer plans first */
  plan?: StoryPlan;
  /** the same seed as the outline's: the writer draws on what it drew for the plan */
  seed?: number | null;
  /** the next part of this series of yours: the plan starts from the last part's */
  seriesId?: number;
};

export type EnhanceType = 'expand' | 'shorten' | 'enhance' | 'continue';

/** POST /api/stories/generate → 202 {jobId}; the job's result is {title, content, plan}. */
export const startStoryGeneration = (payload: GeneratePayload) => api.post<JobStarted>('/api/stories/generate', payload);

/** POST /api/stories/outline (the same form) → 202 {jobId}; the job's result is {plan}. */
export const startStoryOutline = ({ plan: _plan, ...payload }: GeneratePayload) => api.post<JobStarted>('/api/stories/outline', payload);

/** POST /api/stories/suggestions → 202 {jobId}; result {suggestions: [...]}. */
export const startStorySuggestions = (content: string) =>
  api.post<JobStarted>('/api/stories/suggestions', { content, type: 'improvement' });

/** POST /api/stories/{id}/enhance or /api/stories/enhance → 202 {jobId}; result {content}. */
export const startStoryEnhance = ({ id, type, content }: { id?: number; type: EnhanceType; content: string }) =>
  api.post<JobStarted>(id ? `/api/stories/${id}/enhance` : '/api/stories/enhance', { type, content });

/** POST /api/stories[/{id}]/continue → 202 {jobId}; result {content, added, writer}. */
export const startStoryContinue = ({ id, content }: { id?: number; content: string }) =>
  api.post<JobStarted>(id ? `/api/stories/${id}/continue` : '/api/stories/continue', { content });

/** POST /api/stories[/{id}]/rewrite → 202 {jobId}; result {paragraph, alternatives, contents}. */
export const startStoryRewrite = ({ id, content, paragraph }: { id?: number; content: string; paragraph: number }) =>
  api.post<JobStarted>(id ? `/api/stories/${id}/rewrite` : '/api/stories/rewrite', { content, paragraph });

export type GenerateResult = { title: string; content: string; plan?: StoryPlan; writer?: string };
export type OutlineResult = { plan: StoryPlan };
export type ContinueResult = ContinuedText;
export type RewriteResult = Rewrites;
export type SuggestionsResult = { suggestions: string[] } | string[];
export type EnhanceResult = { content: string };

export function suggestionsText(result: SuggestionsResult | null): string {
  const list = Array.isArray(result) ? result : result?.suggestions ?? [];
  return list.filter(Boolean).join('\n\n');
}
