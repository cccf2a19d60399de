import { ThemeRadioGroup, useTheme } from "react-router-theme";

// The radio-group variant, on a page of its own as an app's settings page would have it.
export default function Settings() {
  const { preference } = useTheme();
  return (
    <main>
      <h1>Settings</h1>
      <ThemeRadioGroup legend="Colour theme" />
      <p className="theme-state">Preference: {preference}</p>
    </main>
  );
}
