import { SliderField, SwitchField, TextField } from '../../../components/ui/form';
import { STORY_LENGTH } from '../../../lib/constants';
import { lengthLabel } from '../../../lib/format';
import type { FormErrors } from '../../../lib/use-validated-form';
import { IntensityField, SceneBasics, SceneDetails, type SceneHints } from '../../../components/content/scene-fields';
import { DEFAULT_SCENE, intensityError, validateScene, type Scene } from '../../../lib/content/scene';
import { LabelFields } from '../../../components/content/label-fields';
import { DEFAULT_LABELS, type Labels } from '../../../lib/content/labels';

export type StorySettings = Scene & {
  title: string;
  storyLength: number;
  isPublic: boolean;
  allowComments: boolean;
  /** Others may make videos of this story (its author always may). */
  allowVideos: boolean;
} & Labels;

export const DEFAULT_STORY_SETTINGS: StorySettings = {
  ...DEFAULT_SCENE,
  title: '',
  storyLength: STORY_LENGTH.default,
  isPublic: true,
  allowComments: true,
  allowVideos: true,
  ...DEFAULT_LABELS,
};

export type StoryErrors = FormErrors<StorySettings>;

/** SPEC §5 story form rules. */
export function validateStorySettings(s: StorySettings): StoryErrors {
  const errors = validateScene(s);
  if (s.storyLength < STORY_LENGTH.min || s.storyLength > STORY_LENGTH.max) errors.storyLength = `Length must be ${STORY_LENGTH.min}-${STORY_LENGTH.max} words`;
  const intensity = intensityError(s.intensity);
  if (intensity) errors.intensity = intensity;
  return errors;
}

const HINTS: SceneHints = {
  setting: 'An abandoned asylum on a fog-drowned island',
  characters: 'A night nurse, a patient who never sleeps',
  protagonist: 'Who faces the dark?',
  antagonist: 'What hunts them?',
  keyElements: 'A music box, a locked cellar, whispers',
  plotTwist: 'The narrator has been dead all along',
  customPrompt: 'Anything else the AI should know',
  customPromptRows: 3,
  required: true,
};

export function StorySettingsForm({
  value,
  onChange,
  errors = {},
  disabled,
}: {
  value: StorySettings;
  onChange: (next: StorySettings) => void;
  errors?: StoryErrors;
  disabled?: boolean;
}) {
  const set = <K extends keyof StorySettings>(key: K) => (v: StorySettings[K]) => onChange({ ...value, [key]: v });
  return (
    <fieldset className="settings-form" disabled={disabled}>
      <legend className="sr-only">Story settings</legend>
      <TextField label="Title (optional)" value={value.title} onChange={set('title')} placeholder="Leave empty to let the AI name it" maxLength={200} />
      <SceneBasics value={value} set={set} errors={errors} hints={HINTS} />
      <IntensityField value={value} set={set} errors={errors} />
      <SliderField label="Story length" value={value.storyLength} onChange={set('storyLength')} range={STORY_LENGTH} display={`${value.storyLength} words (${lengthLabel(value.storyLength)})`} error={errors.storyLength} />
      <SceneDetails value={value} set={set} hints={HINTS} />
      <SwitchField label="Public" hint="Visible to everyone on Explore" checked={value.isPublic} onChange={set('isPublic')} />
      <SwitchField label="Allow comments" checked={value.allowComments} onChange={set('allowComments')} />
      <SwitchField label="Others may make videos of this story" hint="You always can; the author is told when someone does" checked={value.allowVideos} onChange={set('allowVideos')} />
      <LabelFields value={value} onChange={onChange} />
    </fieldset>
  );
}
