/** The horror scene a story is written from (story settings, direct video creation, AI generation). */
import { INTENSITY } from '../constants';
import type { FormErrors } from '../use-validated-form';

export type Scene = {
  genre: string;
  mood: string;
  setting: string;
  characters: string;
  intensity: number;
  timeOfDay: string;
  weatherCondition: string;
  protagonist: string;
  antagonist: string;
  narrativePerspective: string;
  pacing: string;
  keyElements: string;
  plotTwist: string;
  customPrompt: string;
  includeDialogue: boolean;
  includeDescription: boolean;
};

export const DEFAULT_SCENE: Scene = {
  genre: '',
  mood: '',
  setting: '',
  characters: '',
  intensity: INTENSITY.default,
  timeOfDay: '',
  weatherCondition: '',
  protagonist: '',
  antagonist: '',
  narrativePerspective: 'Third Person',
  pacing: 'Moderate',
  keyElements: '',
  plotTwist: '',
  customPrompt: '',
  includeDialogue: true,
  includeDescription: true,
};

/** SPEC §5: genre, mood, setting and characters are required; intensity 1-10. */
export function validateScene<F extends Scene>(s: F, errors: FormErrors<F> = {}): FormErrors<F> {
  if (!s.genre) errors.genre = 'Genre is required';
  if (!s.mood) errors.mood = 'Mood is required';
  if (!s.setting.trim()) errors.setting = 'Setting is required';
  if (!s.characters.trim()) errors.characters = 'Characters are required';
  return errors;
}

export const intensityError = (intensity: number) => (intensity < INTENSITY.min || intensity > INTENSITY.max ? 'Intensity must be 1-10' : undefined);
