import { useBasePath } from "../components/base-path";
import { hasDiagrams } from "../guide/render/markdown/diagram";
import { useNonce } from "../nonce";
// draw-diagrams.ts and Mermaid, bundled by Vite as a module of their own,
// apart from the app's chunks: its address. ("worker" is how Vite names
// such a bundle; it runs on the page, as a module script.)
import drawDiagramsUrl from "./draw-diagrams.ts?worker&url";

/**
 * The script that draws an article's diagrams, on a page whose article has
 * one, and on no other: Mermaid is most of a megabyte, and a first visit's
 * JavaScript has a budget. A dynamic import() from the app would have put
 * Vite's preloading helper in every page's bundle; a script element costs
 * the other pages nothing. React hoists it into the head (an async script:
 * it blocks nothing) and loads it once per document, also when a
 * client-side navigation brings the first diagram; the script then finds
 * later pages' diagrams itself.
 */
export function DiagramScript({ html }: { html: string }) {
  const nonce = useNonce();
  const basePath = useBasePath();
  if (!hasDiagrams(html)) return null;
  return <script type="module" async src={basePath + drawDiagramsUrl} nonce={nonce} />;
}
