import { Outlet, useLocation } from "react-router";
import type { Route } from "./+types/guide";
import { GuideNav } from "../components/guide-nav";
import { guide } from "../guide/content-dir.server";

export function loader() {
  return { nav: guide.nav };
}

export default function GuideLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <div className="guide-layout">
      {/* Narrow screens: a disclosure that needs no script. Keyed by path so
          it closes again after a client-side navigation. */}
      <details className="guide-menu" key={pathname}>
        <summary>Guide contents</summary>
        <GuideNav items={loaderData.nav} />
      </details>
      <aside className="guide-sidebar">
        <GuideNav items={loaderData.nav} />
      </aside>
      <div className="guide-content">
        <Outlet />
      </div>
    </div>
  );
}
