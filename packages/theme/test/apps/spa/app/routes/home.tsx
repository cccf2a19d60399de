import { Link } from "react-router";
import { useTheme } from "react-router-theme";

export default function Home() {
  const { preference, resolved } = useTheme();
  return (
    <main>
      <h1>Home</h1>
      <p className="theme-state">
        Preference: {preference}; showing: {resolved ?? "whatever the OS says"}
      </p>
      <Link to="/about">About</Link>
    </main>
  );
}
