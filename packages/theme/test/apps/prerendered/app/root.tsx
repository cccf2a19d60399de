import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { ThemeHead, ThemeHtml, ThemeSwitcher } from "react-router-theme";
import { getThemePreference } from "react-router-theme/server";

import type { Route } from "./+types/root";
import { theme } from "./theme";

export function loader({ request }: Route.LoaderArgs) {
  return { theme: getThemePreference(request, theme) };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <ThemeHtml theme={theme} preference={data?.theme} lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ThemeHead />
        <Meta />
        <Links />
      </head>
      <body>
        <header>
          <ThemeSwitcher />
        </header>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </ThemeHtml>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let message = "Oops!";
  let details = "An unexpected error occurred.";
  let stack: string | undefined;

  if (isRouteErrorResponse(error)) {
    message = error.status === 404 ? "404" : "Error";
    details = error.status === 404 ? "The requested page could not be found." : error.statusText || details;
  } else if (import.meta.env.DEV && error instanceof Error) {
    details = error.message;
    stack = error.stack;
  }

  return (
    <main>
      <h1>{message}</h1>
      <p>{details}</p>
      {stack && (
        <pre>
          <code>{stack}</code>
        </pre>
      )}
    </main>
  );
}
