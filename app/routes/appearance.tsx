import type { Route } from "./+types/appearance";
import { parseThemePreference, themeLabels, themePreferences, type ThemePreference } from "../theme/theme";
import { chooseTheme } from "../theme/theme-store";
import { useTheme } from "../theme/use-theme";

export const meta: Route.MetaFunction = () => [
  { title: "Appearance · Themed Guide" },
  { name: "description", content: "Choose how this site looks: light, dark, or following your device's setting." },
];

const descriptions: Record<ThemePreference, string> = {
  light: "Dark text on a light background, whatever your device is set to.",
  dark: "Light text on a dark background, whatever your device is set to.",
  system: "Follows your device's setting, and changes when it changes.",
};

export default function Appearance() {
  const { preference, resolved } = useTheme();

  function handleChange(event: React.ChangeEvent<HTMLInputElement>) {
    const chosen = parseThemePreference(event.currentTarget.value);
    if (chosen) chooseTheme(chosen);
  }

  // With JavaScript the radios apply the theme as they change, so saving is redundant.
  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
  }

  return (
    <article className="prose appearance">
      <h1>Appearance</h1>
      <p className="current-theme" aria-live="polite">
        Current theme: <CurrentTheme preference={preference} resolved={resolved} />
      </p>
      <form method="post" action="/theme" onSubmit={handleSubmit}>
        <input type="hidden" name="redirectTo" value="/appearance" />
        <fieldset className="theme-options">
          <legend>Theme</legend>
          {themePreferences.map((value) => (
            <label key={value} className="theme-option">
              <input
                type="radio"
                name="theme"
                value={value}
                checked={value === preference}
                onChange={handleChange}
                aria-describedby={`theme-${value}-description`}
              />
              <ThemePreview preference={value} />
              <span className="theme-option-name">{themeLabels[value]}</span>
              <span className="theme-option-description" id={`theme-${value}-description`}>
                {descriptions[value]}
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button save-theme">
          Save
        </button>
      </form>
    </article>
  );
}

/**
 * "System — currently dark". Before the page can ask the browser (on the
 * server, or with JavaScript off) both words are sent and the stylesheet
 * shows the one that matches the scheme in force.
 */
function CurrentTheme({ preference, resolved }: { preference: ThemePreference; resolved: "light" | "dark" | null }) {
  if (preference !== "system") return <strong>{themeLabels[preference]}</strong>;
  return (
    <>
      <strong>System</strong> — currently{" "}
      {resolved ? (
        resolved
      ) : (
        <>
          <span className="when-light">light</span>
          <span className="when-dark">dark</span>
        </>
      )}
    </>
  );
}

/** A small picture of the site in a mode; "system" shows both halves. */
function ThemePreview({ preference }: { preference: ThemePreference }) {
  return (
    <span className={`theme-preview theme-preview-${preference}`} aria-hidden="true">
      <span className="theme-preview-page">
        <span className="theme-preview-bar" />
        <span className="theme-preview-line" />
        <span className="theme-preview-line short" />
      </span>
    </span>
  );
}
