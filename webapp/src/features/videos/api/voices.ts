import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { NarrationVoice } from '../../../types/api';

/** GET /api/videos/voices: which installed voice speaks each narration voice (changes only when
 * a voice is pulled on the server: kept for ten minutes). */
export const useVoices = () =>
  useQuery({ queryKey: ['videos', 'voices'], queryFn: () => api.get<NarrationVoice[]>('/api/videos/voices'), staleTime: 600_000 });

/** The entry of the voice named `name`, when the server listed it. */
export const voiceNamed = (voices: NarrationVoice[] | undefined, name: string) => voices?.find((v) => v.name === name);
