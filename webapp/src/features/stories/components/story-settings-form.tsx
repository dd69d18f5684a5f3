import { SelectField, SliderField, SwitchField, TextField } from '../../../components/ui/form';
import {
  GENRES,
  INTENSITY,
  MOODS,
  PACINGS,
  PERSPECTIVES,
  STORY_LENGTH,
  TIMES_OF_DAY,
  WEATHER,
} from '../../../lib/constants';
import { lengthLabel } from '../../../lib/format';

export type StorySettings = {
  title: string;
  genre: string;
  mood: string;
  setting: string;
  characters: string;
  intensity: number;
  storyLength: number;
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
  isPublic: boolean;
  allowComments: boolean;
};

export const DEFAULT_STORY_SETTINGS: StorySettings = {
  title: '',
  genre: '',
  mood: '',
  setting: '',
  characters: '',
  intensity: INTENSITY.default,
  storyLength: STORY_LENGTH.default,
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
  isPublic: true,
  allowComments: true,
};

export type StoryErrors = Partial<Record<keyof StorySettings, string>>;

/** SPEC §5 story form rules. */
export function validateStorySettings(s: StorySettings): StoryErrors {
  const errors: StoryErrors = {};
  if (!s.genre) errors.genre = 'Genre is required';
  if (!s.mood) errors.mood = 'Mood is required';
  if (!s.setting.trim()) errors.setting = 'Setting is required';
  if (!s.characters.trim()) errors.characters = 'Characters are required';
  if (s.storyLength < STORY_LENGTH.min || s.storyLength > STORY_LENGTH.max) errors.storyLength = `Length must be ${STORY_LENGTH.min}-${STORY_LENGTH.max} words`;
  if (s.intensity < INTENSITY.min || s.intensity > INTENSITY.max) errors.intensity = 'Intensity must be 1-10';
  return errors;
}

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
      <TextField label="Title (optional)" value={value.title} onChange={set('title')} placeholder="Leave empty to get '{genre} Story in {setting}'" maxLength={200} />
      <div className="grid-2">
        <SelectField label="Genre *" value={value.genre} onChange={set('genre')} options={GENRES} placeholder="Select a genre" error={errors.genre} required />
        <SelectField label="Mood *" value={value.mood} onChange={set('mood')} options={MOODS} placeholder="Select a mood" error={errors.mood} required />
      </div>
      <TextField label="Setting *" value={value.setting} onChange={set('setting')} placeholder="An abandoned asylum on a fog-drowned island" error={errors.setting} required />
      <TextField label="Characters *" value={value.characters} onChange={set('characters')} placeholder="A night nurse, a patient who never sleeps" error={errors.characters} multiline rows={2} required />
      <SliderField
        label="Intensity"
        value={value.intensity}
        onChange={set('intensity')}
        min={INTENSITY.min}
        max={INTENSITY.max}
        display={`${value.intensity}/10`}
        error={errors.intensity}
      />
      <SliderField
        label="Story length"
        value={value.storyLength}
        onChange={set('storyLength')}
        min={STORY_LENGTH.min}
        max={STORY_LENGTH.max}
        step={STORY_LENGTH.step}
        display={`${value.storyLength} words (${lengthLabel(value.storyLength)})`}
        error={errors.storyLength}
      />
      <div className="grid-2">
        <SelectField label="Time of day" value={value.timeOfDay} onChange={set('timeOfDay')} options={TIMES_OF_DAY} placeholder="Any time" />
        <SelectField label="Weather" value={value.weatherCondition} onChange={set('weatherCondition')} options={WEATHER} placeholder="Any weather" />
      </div>
      <div className="grid-2">
        <TextField label="Protagonist" value={value.protagonist} onChange={set('protagonist')} placeholder="Who faces the dark?" />
        <TextField label="Antagonist" value={value.antagonist} onChange={set('antagonist')} placeholder="What hunts them?" />
      </div>
      <div className="grid-2">
        <SelectField label="Narrative perspective" value={value.narrativePerspective} onChange={set('narrativePerspective')} options={PERSPECTIVES} />
        <SelectField label="Pacing" value={value.pacing} onChange={set('pacing')} options={PACINGS} />
      </div>
      <TextField label="Key elements" value={value.keyElements} onChange={set('keyElements')} placeholder="A music box, a locked cellar, whispers" />
      <TextField label="Plot twist" value={value.plotTwist} onChange={set('plotTwist')} placeholder="The narrator has been dead all along" />
      <TextField label="Custom prompt" value={value.customPrompt} onChange={set('customPrompt')} placeholder="Anything else the AI should know" multiline rows={3} />
      <SwitchField label="Include dialogue" checked={value.includeDialogue} onChange={set('includeDialogue')} />
      <SwitchField label="Include rich description" checked={value.includeDescription} onChange={set('includeDescription')} />
      <SwitchField label="Public" hint="Visible to everyone on Explore" checked={value.isPublic} onChange={set('isPublic')} />
      <SwitchField label="Allow comments" checked={value.allowComments} onChange={set('allowComments')} />
    </fieldset>
  );
}
