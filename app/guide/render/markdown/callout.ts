import type { Element, ElementContent } from "hast";
import type { BlockContent, DefinitionContent, Parent, PhrasingContent } from "mdast";
import type { Options as ToHastOptions } from "remark-rehype";

type Handler = NonNullable<NonNullable<ToHastOptions["handlers"]>["blockquote"]>;

/**
 * The callout every convention becomes (GitHub alerts, `:::` containers,
 * MkDocs admonitions, mdBook's warning div): one mdast node, one HTML shape,
 * one stylesheet. The syntax plugins only decide kind, title and whether it
 * folds.
 */
export type Callout = Parent & {
  type: "callout";
  /** As written, lower-cased: "tip", "danger", "my-kind". */
  kind: string;
  /** The colour family, which the stylesheet knows. */
  tone: CalloutTone;
  /** null: the kind's own title; []: no title. */
  title: PhrasingContent[] | null;
  /** Folds with <details>; `open` says whether it starts open. */
  collapsible: boolean;
  open: boolean;
  children: Array<BlockContent | DefinitionContent>;
};

declare module "mdast" {
  interface RootContentMap {
    callout: Callout;
  }
  interface BlockContentMap {
    callout: Callout;
  }
}

export type CalloutTone = "note" | "tip" | "important" | "warning" | "danger" | "neutral";

/** The syntax's meaning of "caution" differs: GitHub's is red, Docusaurus', Starlight's and MkDocs' amber. */
export type CalloutDialect = "github" | "other";

const tones: Record<string, CalloutTone> = {
  note: "note",
  info: "note",
  abstract: "note",
  summary: "note",
  tldr: "note",
  todo: "note",
  seealso: "note",
  tip: "tip",
  hint: "tip",
  success: "tip",
  check: "tip",
  done: "tip",
  important: "important",
  question: "important",
  help: "important",
  faq: "important",
  example: "important",
  warning: "warning",
  caution: "warning",
  attention: "warning",
  danger: "danger",
  error: "danger",
  failure: "danger",
  fail: "danger",
  missing: "danger",
  bug: "danger",
};

export function calloutTone(kind: string, dialect: CalloutDialect): CalloutTone {
  if (dialect === "github" && kind === "caution") return "danger";
  return Object.hasOwn(tones, kind) ? tones[kind]! : "neutral";
}

/** "tip" → "Tip", "read-more" → "Read more". */
export function defaultCalloutTitle(kind: string): string {
  const words = kind.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function createCallout(
  kind: string,
  dialect: CalloutDialect,
  options: { title?: PhrasingContent[] | null; collapsible?: boolean; open?: boolean; children?: Callout["children"] } = {},
): Callout {
  const lower = kind.toLowerCase();
  return {
    type: "callout",
    kind: lower,
    tone: calloutTone(lower, dialect),
    title: options.title ?? null,
    collapsible: options.collapsible ?? false,
    open: options.open ?? false,
    children: options.children ?? [],
  };
}

/**
 * A fixed callout is a `role="note"` group whose visible title is read first;
 * one with no title is named by its kind, so a screen reader still says what it
 * is. A folding one is <details>/<summary>, which works with JavaScript off.
 */
export function calloutElement(
  callout: Pick<Callout, "kind" | "tone" | "collapsible" | "open">,
  title: ElementContent[] | null,
  body: ElementContent[],
): Element {
  const className = ["callout", `callout-${callout.tone}`];
  const titleText = title ?? [{ type: "text", value: defaultCalloutTitle(callout.kind) }];
  if (callout.collapsible) {
    const summaryContent = titleText.length > 0 ? titleText : [{ type: "text" as const, value: defaultCalloutTitle(callout.kind) }];
    return {
      type: "element",
      tagName: "details",
      properties: { className, open: callout.open },
      children: [{ type: "element", tagName: "summary", properties: { className: ["callout-title"] }, children: summaryContent }, ...body],
    };
  }
  const properties: Element["properties"] = { className, role: "note" };
  if (titleText.length === 0) properties.ariaLabel = defaultCalloutTitle(callout.kind);
  const titleElement: Element[] =
    titleText.length > 0 ? [{ type: "element", tagName: "p", properties: { className: ["callout-title"] }, children: titleText }] : [];
  return { type: "element", tagName: "div", properties, children: [...titleElement, ...body] };
}

/** remark-rehype's handler for the node. */
export const calloutHandler: Handler = (state, node: Callout) => {
  const title = node.title === null ? null : (state.all({ type: "paragraph", children: node.title }) as ElementContent[]);
  const body = state.wrap(state.all(node) as ElementContent[], true);
  const element = calloutElement(node, title, body);
  state.patch(node, element);
  return state.applyData(node, element);
};
