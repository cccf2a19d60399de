import { useLocation } from "react-router";
import { parseThemePreference, themeLabels, themePreferences } from "./theme";
import { ThemeIcon } from "./theme-icons";
import { chooseTheme } from "./theme-store";
import { useTheme } from "./use-theme";

/**
 * The header's theme switcher: a plain form that posts to /theme and comes
 * back to this page. With JavaScript the choice is applied in the same frame
 * as the click and saved in the background; nothing navigates, so focus
 * stays on the button.
 */
export function ThemeSwitch() {
  const { preference } = useTheme();
  const location = useLocation();

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const chosen = parseThemePreference(submitter?.getAttribute("value"));
    if (!chosen) return;
    event.preventDefault();
    chooseTheme(chosen);
  }

  return (
    <form method="post" action="/theme" className="theme-switch" onSubmit={handleSubmit}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <div role="group" aria-label="Theme">
        {themePreferences.map((value) => (
          <button
            key={value}
            type="submit"
            name="theme"
            value={value}
            aria-pressed={value === preference}
            aria-label={`${themeLabels[value]} theme`}
            title={`${themeLabels[value]} theme`}
          >
            <ThemeIcon preference={value} />
          </button>
        ))}
      </div>
    </form>
  );
}
