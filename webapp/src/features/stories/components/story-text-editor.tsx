import { useId } from 'react';
import { countWords, readingTime } from '../../../lib/format';

/** Edit/Preview toggle with word count and read time. */
export function StoryTextEditor({
  value,
  onChange,
  mode,
  onModeChange,
  disabled,
  onCaret,
}: {
  value: string;
  onChange: (v: string) => void;
  mode: 'edit' | 'preview';
  onModeChange: (m: 'edit' | 'preview') => void;
  disabled?: boolean;
  /** where the caret is in the text (Rewrite takes the paragraph it is in) */
  onCaret?: (position: number) => void;
}) {
  const id = useId();
  const words = countWords(value);
  return (
    <div className="text-editor">
      <div className="row between wrap">
        <div className="segmented" role="group" aria-label="Editor mode">
          <button type="button" className={mode === 'edit' ? 'active' : ''} aria-pressed={mode === 'edit'} onClick={() => onModeChange('edit')}>
            Edit
          </button>
          <button type="button" className={mode === 'preview' ? 'active' : ''} aria-pressed={mode === 'preview'} onClick={() => onModeChange('preview')}>
            Preview
          </button>
        </div>
        <p className="muted small" aria-live="polite">
          {words} words · {readingTime(value)} min read
        </p>
      </div>
      {mode === 'edit' ? (
        <>
          <label htmlFor={id} className="sr-only">
            Story text
          </label>
          <textarea
            id={id}
            className="input story-textarea"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            onSelect={(e) => onCaret?.(e.currentTarget.selectionStart)}
            disabled={disabled}
          />
        </>
      ) : (
        <div className="story-content preview">{value || <span className="muted">Nothing to preview yet.</span>}</div>
      )}
    </div>
  );
}
