import { useId, useState } from 'react';
import { Icon } from '../../../components/ui/icons';
import { SelectField, TextField } from '../../../components/ui/form';
import type { PlanBeat, PlanPerson, StoryPlan } from '../../../types/api';
import { addBeat, deleteBeat, editBeat, editPerson, MAX_BEAT_TEXT, MAX_BEATS, moveBeat, PRONOUN_OPTIONS, ROLE_OPTIONS } from '../utils/plan-edits';

const KIND_LABELS: Record<string, string> = {
  hook: 'Hook',
  arrival: 'Arrival',
  first_sign: 'First sign',
  investigation: 'Investigation',
  escalation: 'Escalation',
  reversal: 'Reversal',
  climax: 'Climax',
  aftermath: 'Aftermath',
  scene: 'Scene',
};

/** The outline of a story before it is written: the beats in order (edit, add, delete, move) and
 * the cast (name, what to call them, pronouns, role). Every change goes through `onChange`. */
export function StoryPlanEditor({ plan, onChange, disabled }: { plan: StoryPlan; onChange: (plan: StoryPlan) => void; disabled?: boolean }) {
  const [announcement, setAnnouncement] = useState('');
  const castTitle = useId();
  const beatsTitle = useId();
  const count = plan.beats.length;

  const move = (index: number, by: -1 | 1) => {
    onChange(moveBeat(plan, index, by));
    setAnnouncement(`Beat moved to position ${index + by + 1} of ${count}`);
  };
  const remove = (beat: PlanBeat, index: number) => {
    onChange(deleteBeat(plan, beat.id));
    setAnnouncement(`Beat ${index + 1} deleted`);
  };
  const add = (index: number) => {
    onChange(addBeat(plan, index));
    setAnnouncement(`New beat added at position ${index + 2}`);
  };

  return (
    <div className="plan-editor stack">
      {plan.logline && <p className="plan-logline muted">{plan.logline}</p>}
      <section aria-labelledby={castTitle} className="stack-sm">
        <h3 id={castTitle} className="plan-heading">
          Cast
        </h3>
        <p className="muted small">&ldquo;Then called&rdquo; is what the story calls them after the first mention (&ldquo;the girl&rdquo;, &ldquo;Pichler&rdquo;); empty, the name.</p>
        <ul className="plan-cast">
          {plan.cast.map((person, index) => (
            <li key={person.id} className="plan-person" aria-label={`Cast member ${index + 1}: ${person.name}`}>
              <TextField label="Name" value={person.name} maxLength={200} required onChange={(name) => onChange(editPerson(plan, person.id, { name }))} />
              <TextField
                label="Then called"
                value={person.handle ?? ''}
                maxLength={200}
                onChange={(handle) => onChange(editPerson(plan, person.id, { handle }))}
              />
              <SelectField
                label="Pronouns"
                value={person.pronouns ?? 'they'}
                options={PRONOUN_OPTIONS}
                onChange={(pronouns) => onChange(editPerson(plan, person.id, { pronouns: pronouns as PlanPerson['pronouns'] }))}
              />
              <SelectField
                label="Role"
                value={person.role ?? 'supporting'}
                options={ROLE_OPTIONS}
                onChange={(role) => onChange(editPerson(plan, person.id, { role: role as PlanPerson['role'] }))}
              />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={beatsTitle} className="stack-sm">
        <h3 id={beatsTitle} className="plan-heading">
          Beats <span className="muted small">({count}, in the order the story tells them)</span>
        </h3>
        <ol className="plan-beats">
          {plan.beats.map((beat, index) => (
            <li key={beat.id} className={`plan-beat${beat.edited ? ' is-edited' : ''}`} data-beat-id={beat.id}>
              <div className="plan-beat-head row-sm">
                <span className="plan-beat-kind">
                  {index + 1}. {KIND_LABELS[beat.kind ?? 'scene'] ?? beat.kind}
                </span>
                {beat.edited && <span className="badge badge-accent">Yours</span>}
                <span className="spacer" />
                <button type="button" className="icon-btn" onClick={() => move(index, -1)} disabled={disabled || index === 0} aria-label={`Move beat ${index + 1} up`}>
                  <Icon name="arrow-up" size={16} />
                </button>
                <button type="button" className="icon-btn" onClick={() => move(index, 1)} disabled={disabled || index === count - 1} aria-label={`Move beat ${index + 1} down`}>
                  <Icon name="arrow-down" size={16} />
                </button>
                <button type="button" className="icon-btn" onClick={() => remove(beat, index)} disabled={disabled || count <= 1} aria-label={`Delete beat ${index + 1}`}>
                  <Icon name="trash" size={16} />
                </button>
              </div>
              <TextField
                label={<span className="sr-only">Beat {index + 1}: what happens</span>}
                value={beat.text}
                multiline
                rows={3}
                maxLength={MAX_BEAT_TEXT}
                required
                placeholder="What happens in this beat"
                onChange={(text) => onChange(editBeat(plan, beat.id, text))}
              />
              <button type="button" className="btn btn-ghost btn-xs plan-add" onClick={() => add(index)} disabled={disabled || count >= MAX_BEATS}>
                <Icon name="plus" size={14} /> Add a beat after beat {index + 1}
              </button>
            </li>
          ))}
        </ol>
      </section>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
