import type { FormEvent, ReactNode } from "react";
import { parseThemePreference, themePreferences, type ThemePreference } from "./preference.js";
import { defaultLabels, useThemeForm } from "./theme-form.js";

export type ThemeSwitcherProps = {
  /** On the `<form>` (or, with no server, the group). */
  className?: string;
  /** The group's accessible name. Default: "Theme". */
  label?: string;
  /** Each button's content. Icons need text for screen readers with them. */
  labels?: Partial<Record<ThemePreference, ReactNode>>;
};

/**
 * Three buttons in a plain form that posts to the theme route and comes
 * back to this page. With JavaScript the choice shows in the same frame as
 * the click and is saved in the background; nothing navigates, so focus
 * stays on the button. Unstyled: `aria-pressed="true"` marks the current one.
 */
export function ThemeSwitcher({ className, label = "Theme", labels }: ThemeSwitcherProps) {
  const { action, redirectTo, preference, setPreference } = useThemeForm();

  const buttons = themePreferences.map((value) => (
    <button
      key={value}
      type={action === null ? "button" : "submit"}
      name="theme"
      value={value}
      aria-pressed={value === preference}
      onClick={action === null ? () => setPreference(value) : undefined}
    >
      {labels?.[value] ?? defaultLabels[value]}
    </button>
  ));

  // With no server there is nothing to post to: the buttons work with JavaScript only.
  if (action === null) {
    return (
      <div role="group" aria-label={label} className={className}>
        {buttons}
      </div>
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const chosen = parseThemePreference(submitter?.getAttribute("value"));
    if (!chosen) return;
    event.preventDefault();
    setPreference(chosen);
  }

  return (
    <form method="post" action={action} className={className} onSubmit={handleSubmit}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div role="group" aria-label={label}>
        {buttons}
      </div>
    </form>
  );
}
