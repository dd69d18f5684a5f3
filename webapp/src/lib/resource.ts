/** 'story' → 'stories', 'video' → 'videos', 'comment' → 'comments': the API path and query-key root. */
export const resourceOf = (type: string): string => (type === 'story' ? 'stories' : `${type}s`);
