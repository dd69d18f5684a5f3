import { useId, type ReactNode } from 'react';

export function Field({ label, error, hint, children, htmlFor }: { label: ReactNode; error?: string; hint?: ReactNode; children: ReactNode; htmlFor?: string }) {
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label className="field-label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {hint && !error && <p className="field-hint">{hint}</p>}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type Option = string | number | { value: string | number; label: string };

export function SelectField({
  label,
  value,
  onChange,
  options,
  error,
  placeholder,
  required,
}: {
  label: ReactNode;
  value: string | number;
  onChange: (value: string) => void;
  options: readonly Option[];
  error?: string;
  placeholder?: string;
  required?: boolean;
}) {
  const id = useId();
  const normalized = options.map((o) => (typeof o === 'object' ? o : { value: o, label: String(o) }));
  const hasValue = value !== '' && value !== undefined && value !== null;
  if (hasValue && !normalized.some((o) => String(o.value) === String(value))) {
    normalized.push({ value, label: String(value) });
  }
  return (
    <Field label={label} error={error} htmlFor={id}>
      <select
        id={id}
        className="input"
        value={hasValue ? String(value) : ''}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={!!error}
        aria-required={required}
      >
        {placeholder !== undefined && (
          <option value="" disabled={required}>
            {placeholder}
          </option>
        )}
        {normalized.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function TextField({
  label,
  value,
  onChange,
  error,
  placeholder,
  multiline,
  rows = 3,
  hint,
  maxLength,
  required,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string;
  multiline?: boolean;
  rows?: number;
  hint?: ReactNode;
  maxLength?: number;
  required?: boolean;
}) {
  const id = useId();
  const common = {
    id,
    className: 'input',
    value: value ?? '',
    placeholder,
    maxLength,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.target.value),
    'aria-invalid': !!error,
    'aria-required': required,
  };
  return (
    <Field label={label} error={error} hint={hint} htmlFor={id}>
      {multiline ? <textarea {...common} rows={rows} /> : <input {...common} />}
    </Field>
  );
}

/** A range input with its value (or `display`) beside the label; `range` is a constant such as INTENSITY. */
export function SliderField({
  label,
  value,
  onChange,
  range,
  display,
  error,
}: {
  label: ReactNode;
  value: number;
  onChange: (value: number) => void;
  range: { min: number; max: number; step?: number };
  display?: ReactNode;
  error?: string;
}) {
  const id = useId();
  return (
    <Field
      label={
        <span className="slider-label">
          <span>{label}</span>
          <span className="slider-value">{display ?? value}</span>
        </span>
      }
      error={error}
      htmlFor={id}
    >
      <input
        id={id}
        type="range"
        className="slider"
        min={range.min}
        max={range.max}
        step={range.step ?? 1}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </Field>
  );
}

export function SwitchField({ label, checked, onChange, hint }: { label: ReactNode; checked: boolean; onChange: (checked: boolean) => void; hint?: ReactNode }) {
  const id = useId();
  return (
    <div className="switch-field">
      <div>
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        {hint && <p className="field-hint">{hint}</p>}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        className={`switch${checked ? ' on' : ''}`}
        onClick={() => onChange(!checked)}
      >
        <span className="switch-thumb" />
      </button>
    </div>
  );
}
