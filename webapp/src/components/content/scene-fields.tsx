/** The scene's fields, shared by the story settings and the direct video creation form. */
import { SelectField, SliderField, SwitchField, TextField } from '../ui/form';
import { GENRES, INTENSITY, MOODS, PACINGS, PERSPECTIVES, TIMES_OF_DAY, WEATHER } from '../../lib/constants';
import type { FieldSetter, FormErrors } from '../../lib/use-validated-form';
import type { Scene } from '../../lib/content/scene';

/** Each form's own placeholders (and whether setting and characters are marked required). */
export type SceneHints = Partial<Record<'setting' | 'characters' | 'protagonist' | 'antagonist' | 'keyElements' | 'plotTwist' | 'customPrompt', string>> & {
  required?: boolean;
  customPromptRows?: number;
};

/** The server's longest accepted text of each field (core/schemas: stories and videos alike): the
 * field stops there instead of the whole form failing on the server. */
const LIMITS = { setting: 2000, characters: 2000, protagonist: 200, antagonist: 200, keyElements: 2000, plotTwist: 2000, customPrompt: 5000 };

type Props<F extends Scene> = { value: F; set: FieldSetter<F>; errors: FormErrors<F>; hints: SceneHints };

/** Genre, mood, setting and characters (the required part). */
export function SceneBasics<F extends Scene>({ value, set: setField, errors, hints }: Props<F>) {
  const set = setField as unknown as FieldSetter<Scene>;
  return (
    <>
      <div className="grid-2">
        <SelectField label="Genre *" value={value.genre} onChange={set('genre')} options={GENRES} placeholder="Select a genre" error={errors.genre} required />
        <SelectField label="Mood *" value={value.mood} onChange={set('mood')} options={MOODS} placeholder="Select a mood" error={errors.mood} required />
      </div>
      <TextField label="Setting *" value={value.setting} onChange={set('setting')} placeholder={hints.setting} error={errors.setting} required={hints.required} maxLength={LIMITS.setting} />
      <TextField label="Characters *" value={value.characters} onChange={set('characters')} placeholder={hints.characters} error={errors.characters} multiline rows={2} required={hints.required} maxLength={LIMITS.characters} />
    </>
  );
}

/** Time, weather, the two sides, the telling, and the free-text extras. */
export function SceneDetails<F extends Scene>({ value, set: setField, hints }: Omit<Props<F>, 'errors'>) {
  const set = setField as unknown as FieldSetter<Scene>;
  return (
    <>
      <div className="grid-2">
        <SelectField label="Time of day" value={value.timeOfDay} onChange={set('timeOfDay')} options={TIMES_OF_DAY} placeholder="Any time" />
        <SelectField label="Weather" value={value.weatherCondition} onChange={set('weatherCondition')} options={WEATHER} placeholder="Any weather" />
      </div>
      <div className="grid-2">
        <TextField label="Protagonist" value={value.protagonist} onChange={set('protagonist')} placeholder={hints.protagonist} maxLength={LIMITS.protagonist} />
        <TextField label="Antagonist" value={value.antagonist} onChange={set('antagonist')} placeholder={hints.antagonist} maxLength={LIMITS.antagonist} />
      </div>
      <div className="grid-2">
        <SelectField label="Narrative perspective" value={value.narrativePerspective} onChange={set('narrativePerspective')} options={PERSPECTIVES} />
        <SelectField label="Pacing" value={value.pacing} onChange={set('pacing')} options={PACINGS} />
      </div>
      <TextField label="Key elements" value={value.keyElements} onChange={set('keyElements')} placeholder={hints.keyElements} maxLength={LIMITS.keyElements} />
      <TextField label="Plot twist" value={value.plotTwist} onChange={set('plotTwist')} placeholder={hints.plotTwist} maxLength={LIMITS.plotTwist} />
      <TextField label="Custom prompt" value={value.customPrompt} onChange={set('customPrompt')} placeholder={hints.customPrompt} multiline rows={hints.customPromptRows ?? 2} maxLength={LIMITS.customPrompt} />
      <SwitchField label="Include dialogue" checked={value.includeDialogue} onChange={set('includeDialogue')} />
      <SwitchField label="Include rich description" checked={value.includeDescription} onChange={set('includeDescription')} />
    </>
  );
}

/** Intensity 1-10. */
export function IntensityField<F extends Scene>({ value, set, errors }: Omit<Props<F>, 'hints'>) {
  const setIntensity = (set as unknown as FieldSetter<Scene>)('intensity');
  return <SliderField label="Intensity" value={value.intensity} onChange={setIntensity} range={INTENSITY} display={`${value.intensity}/10`} error={errors.intensity} />;
}
