import { api } from '../../../lib/api-client';
import type { Draft, DraftWrite } from '../../../types/api';

/** GET /api/drafts/current → your draft, or null (204) when you have none. */
export const getCurrentDraft = () => api.get<Draft | null>('/api/drafts/current');

/** PUT /api/drafts/current: the whole draft (form, title, text, plan); it replaces the last. */
export const saveDraft = (draft: DraftWrite) => api.put<Draft>('/api/drafts/current', draft);

/** DELETE /api/drafts/current: discard your draft. */
export const discardDraft = () => api.delete<null>('/api/drafts/current');
