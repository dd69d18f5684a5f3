import { useId, useState } from 'react';
import { SwitchField } from '../ui/form';
import { useDebounce } from '../../lib/use-debounce';
import { useContentWarnings, useTagSuggestions } from '../../lib/tags';
import { MAX_TAGS, normalTag, tagProblem, type Labels, type WarningKey } from '../../lib/content/labels';

/** Free tags as chips, with the existing tags suggested as you type (Enter or comma adds one). */
export function TagInput({ tags, onChange }: { tags: string[]; onChange: (tags: string[]) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const prefix = useDebounce(normalTag(text), 200);
  const suggestions = useTagSuggestions(prefix, prefix.length > 0);
  const offered = (suggestions.data ?? []).filter((s) => !tags.includes(s.tag));
  const add = (raw: string) => {
    const tag = normalTag(raw.replace(/,/g, ' '));
    const found = tagProblem(tag, tags);
    setProblem(found);
    if (found || !tag) return;
    onChange([...tags, tag]);
    setText('');
  };
  return (
    <div className="field tag-input">
      <label className="field-label" htmlFor={id}>
        Tags
      </label>
      {tags.length > 0 && (
        <ul className="tag-chips" aria-label="Chosen tags">
          {tags.map((tag) => (
            <li key={tag} className="tag-chip">
              #{tag}
              <button type="button" className="tag-chip-remove" aria-label={`Remove tag ${tag}`} onClick={() => onChange(tags.filter((t) => t !== tag))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        className="input"
        value={text}
        list={`${id}-suggestions`}
        placeholder={tags.length >= MAX_TAGS ? `${MAX_TAGS} tags: remove one to add another` : 'lighthouse, folk horror… (Enter adds)'}
        disabled={tags.length >= MAX_TAGS}
        onChange={(e) => {
          const value = e.target.value;
          if (value.endsWith(',')) add(value.slice(0, -1));
          else {
            setText(value);
            // picked from the suggestions (a plain input event; typing gives an InputEvent with an inputType)
            const picked = !(e.nativeEvent as InputEvent).inputType;
            if (picked && offered.some((s) => s.tag === normalTag(value))) add(value);
          }
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add(text);
          }
        }}
        onBlur={() => text.trim() && add(text)}
        aria-invalid={!!problem}
        aria-describedby={`${id}-hint`}
      />
      <datalist id={`${id}-suggestions`}>
        {offered.map((s) => (
          <option key={s.tag} value={s.tag}>
            {`${s.count} ${s.count === 1 ? 'item' : 'items'}`}
          </option>
        ))}
      </datalist>
      {problem ? (
        <p className="field-error" role="alert" id={`${id}-hint`}>
          {problem}
        </p>
      ) : (
        <p className="field-hint" id={`${id}-hint`}>
          Up to {MAX_TAGS}; readers find your work on each tag&apos;s page.
        </p>
      )}
    </div>
  );
}

/** The content warnings (the fixed list) as checkboxes. */
export function WarningPicker({ value, onChange }: { value: WarningKey[]; onChange: (keys: WarningKey[]) => void }) {
  const { data: warnings = [] } = useContentWarnings();
  const toggle = (key: WarningKey) => onChange(value.includes(key) ? value.filter((k) => k !== key) : [...value, key]);
  return (
    <fieldset className="field warning-picker">
      <legend className="field-label">Content warnings</legend>
      <p className="field-hint">Shown before the text; readers can hide these on Explore.</p>
      <div className="warning-options">
        {warnings.map((w) => (
          <label key={w.key} className="checkbox-label">
            <input type="checkbox" checked={value.includes(w.key)} onChange={() => toggle(w.key)} /> {w.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Tags, warnings and the Mature (18+) switch of a creation or edit form. */
export function LabelFields<F extends Labels>({ value, onChange }: { value: F; onChange: (next: F) => void }) {
  return (
    <div className="stack label-fields">
      <TagInput tags={value.tags} onChange={(tags) => onChange({ ...value, tags })} />
      <WarningPicker value={value.contentWarnings} onChange={(contentWarnings) => onChange({ ...value, contentWarnings })} />
      <SwitchField
        label="Mature (18+)"
        hint="Visitors and readers who have not turned on mature content see only a blurred card"
        checked={value.isMature}
        onChange={(isMature) => onChange({ ...value, isMature })}
      />
    </div>
  );
}
