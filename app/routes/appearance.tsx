import { useRouteLoaderData } from "react-router";
import { ThemeRadioGroup, themePreferences, useTheme, type ResolvedTheme, type ThemePreference } from "react-router-theme";
import type { Route } from "./+types/appearance";
import type { loader as rootLoader } from "../root";
import { themeLabels } from "../theme/theme";

export const meta: Route.MetaFunction = () => [
  { title: "Appearance · Themed Guide" },
  { name: "description", content: "Choose how this site looks: light, dark, or following your device's setting." },
];

const descriptions: Record<ThemePreference, string> = {
  light: "Dark text on a light background, whatever your device is set to.",
  dark: "Light text on a dark background, whatever your device is set to.",
  system: "Follows your device's setting, and changes when it changes.",
};

/** Each option: a picture of the site in that mode, its name, and what it does. */
const optionLabels = Object.fromEntries(
  themePreferences.map((value) => [
    value,
    <>
      <ThemePreview preference={value} />
      <span className="theme-option-name">{themeLabels[value]}</span>
      <span className="theme-option-description">{descriptions[value]}</span>
    </>,
  ]),
) as Record<ThemePreference, React.ReactNode>;

export default function Appearance() {
  const { preference, resolved } = useTheme();
  const staticSite = useRouteLoaderData<typeof rootLoader>("root")?.staticSite ?? false;

  return (
    <article className="prose appearance">
      <h1>Appearance</h1>
      <p className="current-theme" aria-live="polite">
        Current theme: <CurrentTheme preference={preference} resolved={resolved} />
      </p>
      {/* Without JavaScript, Save posts the form; with it, each radio applies at once. */}
      <ThemeRadioGroup className="theme-options" labels={optionLabels} />
      {/* A static export has no server to post to: the choice is made in the browser. */}
      {staticSite && (
        <noscript>
          <p className="needs-javascript">This site is a set of static files, so choosing a theme needs JavaScript. Without it the site follows your device’s setting.</p>
        </noscript>
      )}
    </article>
  );
}

/**
 * "System — currently dark". Before the page can ask the browser (on the
 * server, or with JavaScript off) both words are sent and the stylesheet
 * shows the one that matches the scheme in force.
 */
function CurrentTheme({ preference, resolved }: { preference: ThemePreference; resolved: ResolvedTheme | null }) {
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
