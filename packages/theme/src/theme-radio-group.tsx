import type { ChangeEvent, FormEvent, ReactNode } from "react";
import { parseThemePreference, themePreferences, type ThemePreference } from "./preference.js";
import { defaultLabels, useThemeForm } from "./theme-form.js";

export type ThemeRadioGroupProps = {
  /** On the `<form>` (or, with no server, the fieldset). */
  className?: string;
  /** The fieldset's legend. Default: "Theme". */
  legend?: ReactNode;
  /** Each option's label. */
  labels?: Partial<Record<ThemePreference, ReactNode>>;
  /** The submit button, for visitors without JavaScript. Default: "Save". */
  submitLabel?: ReactNode;
};

/**
 * A fieldset of three radios in a plain form. Without JavaScript, Save posts
 * it; with JavaScript each change applies at once and Save has nothing left
 * to do. Unstyled.
 */
export function ThemeRadioGroup({ className, legend = "Theme", labels, submitLabel = "Save" }: ThemeRadioGroupProps) {
  const { action, redirectTo, preference, setPreference } = useThemeForm();

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = parseThemePreference(event.currentTarget.value);
    if (chosen) setPreference(chosen);
  }

  const fieldset = (
    <fieldset className={action === null ? className : undefined}>
      <legend>{legend}</legend>
      {themePreferences.map((value) => (
        <label key={value}>
          <input type="radio" name="theme" value={value} checked={value === preference} onChange={handleChange} />
          <span>{labels?.[value] ?? defaultLabels[value]}</span>
        </label>
      ))}
    </fieldset>
  );

  if (action === null) return fieldset;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
  }

  return (
    <form method="post" action={action} className={className} onSubmit={handleSubmit}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {fieldset}
      <button type="submit">{submitLabel}</button>
    </form>
  );
}
