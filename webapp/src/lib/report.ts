import { useMutation } from '@tanstack/react-query';
import { api } from './api-client';
import { resourceOf } from './query-keys';

export type ReportType = 'story' | 'video' | 'comment';

/** POST /api/{type}s/{id}/report {reason}. */
export const reportContent = ({ type, id, reason }: { type: ReportType; id: number; reason: string }) =>
  api.post<unknown>(`/api/${resourceOf(type)}/${id}/report`, { reason });

export const useReportContent = () => useMutation({ mutationFn: reportContent });
