import { ThemeSwitcher, themePreferences, type ThemePreference } from "react-router-theme";
import { themeLabels } from "./theme";
import { ThemeIcon } from "./theme-icons";

// An icon for the eye, words for screen readers and, on hover, a tooltip
// over the whole button (the span fills it, see .theme-switch in app.css).
const labels = Object.fromEntries(
  themePreferences.map((value) => {
    const name = `${themeLabels[value]} theme`;
    return [
      value,
      <span title={name}>
        <ThemeIcon preference={value} />
        <span className="visually-hidden">{name}</span>
      </span>,
    ];
  }),
) as Record<ThemePreference, React.ReactNode>;

/** The header's theme switcher: the package's, in the site's icons. */
export function ThemeSwitch() {
  return <ThemeSwitcher className="theme-switch" labels={labels} />;
}
