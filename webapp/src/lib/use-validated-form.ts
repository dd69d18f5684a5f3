import { useState } from 'react';

export type FormErrors<F> = Partial<Record<keyof F, string>>;

/**
 * A tabbed form's state: the values, their errors (checked again on every change once shown),
 * and the open tab, which `check` moves to the tab of the first error.
 */
export function useValidatedForm<F extends object>({
  initial,
  validate,
  tabOf,
  firstTab,
  onChange,
}: {
  initial: F | (() => F);
  validate: (form: F) => FormErrors<F>;
  tabOf: Partial<Record<keyof F, string>>;
  firstTab: string;
  onChange?: () => void;
}) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<FormErrors<F>>({});
  const [tab, setTab] = useState(firstTab);

  const update = (next: F) => {
    setForm(next);
    onChange?.();
    if (Object.keys(errors).length) setErrors(validate(next));
  };
  const set = <K extends keyof F>(key: K) => (value: F[K]) => update({ ...form, [key]: value });

  /** Validates; on errors shows them and opens the first one's tab. True when valid. */
  const check = () => {
    const found = validate(form);
    setErrors(found);
    const keys = Object.keys(found) as (keyof F)[];
    if (keys.length) setTab(tabOf[keys[0]] ?? firstTab);
    return keys.length === 0;
  };

  return { form, setForm, update, set, errors, tab, setTab, check };
}

/** The `set` a form's tabs receive: set('title')(value). */
export type FieldSetter<F> = <K extends keyof F>(key: K) => (value: F[K]) => void;
