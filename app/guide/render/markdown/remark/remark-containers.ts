import type { Paragraph, Parent, PhrasingContent, Root, RootContent, Text } from "mdast";
import type { Processor } from "unified";
import { createCallout } from "../callout";
import { decodeAttribute, mapLinesOutsideCode, parseAttributes, wrapParser } from "../rewrite-source";
import type { Tab, TabSet } from "../tab";

/**
 * `:::` containers as VitePress, Docusaurus and Starlight write them:
 * `::: tip`, `:::tip`, `::: warning Custom title`, `:::note[Custom title]`,
 * `:::danger{title="…"}`, `::: details Click me {open}`, nested with longer
 * fences. remark-directive is not used: it reads `key:value` in prose as a
 * directive (losing text) and refuses `::: tip`. Here only a line that starts
 * with three colons and a name, or is nothing but colons, is syntax.
 *
 * Two steps: before parsing, each such line gets blank lines around it so
 * CommonMark makes it a paragraph of its own (not the lazy last line of a list
 * item or part of the paragraph above); after parsing, the siblings between an
 * opening and a closing paragraph become the container.
 */
const lineShape = /^(\s*(?:>\s?)*)\s*:{3,}\s*(?:[A-Za-z][\w-]*.*)?$/;
const openerText = /^:{3,}\s*[A-Za-z]/;
const closerText = /^:{3,}\s*$/;

/** Kinds that only group (VitePress' raw, v-pre): their content stays, the wrapper goes. */
const groupingKinds = new Set(["raw", "v-pre"]);

export default function remarkContainers(this: Processor) {
  wrapParser(this, separateContainerLines);
  return (tree: Root) => {
    groupContainers(tree);
  };
}

export function separateContainerLines(source: string): string {
  const lines = mapLinesOutsideCode(source.split(/\r?\n/), (all, index) => {
    const line = all[index]!;
    const match = lineShape.exec(line);
    if (!match) return null;
    const blank = (match[1] ?? "").trimEnd();
    return { replace: [blank, line, blank], consumed: 1 };
  });
  return lines.join("\n");
}

type Marker = { type: "open"; fence: number; kind: string; title: PhrasingContent[] | null; attributes: Record<string, string> } | { type: "close"; fence: number };

const groups = new WeakSet<RootContent>();

type OpenContainer = { fence: number; children: RootContent[] };

function groupContainers(parent: Parent) {
  const out: RootContent[] = [];
  const stack: OpenContainer[] = [];
  for (const child of parent.children) {
    const target = stack.at(-1)?.children ?? out;
    const marker = child.type === "paragraph" ? readMarker(child) : null;
    if (!marker) {
      target.push(child);
    } else if (marker.type === "open") {
      const { node, children } = createContainer(marker);
      target.push(...node);
      stack.push({ fence: marker.fence, children });
    } else {
      // A closer ends the innermost container of its length; a closer of no
      // length in use ends the innermost one; with none open it is dropped,
      // being nothing but syntax.
      let index = stack.findLastIndex((open) => open.fence === marker.fence);
      if (index === -1) index = stack.length - 1;
      if (index >= 0) stack.length = index;
    }
  }
  parent.children = out.flatMap((node) => (groups.has(node) ? (node as Tab).children : [node]));
  for (const child of parent.children) if ("children" in child && child.type !== "paragraph") groupContainers(child as Parent);
}

/** Wrappers' content goes straight into the parent: a fresh array the caller fills. */
function createContainer(marker: Extract<Marker, { type: "open" }>): { node: RootContent[]; children: RootContent[] } {
  if (groupingKinds.has(marker.kind)) {
    // A stand-in while its content is collected, replaced by that content.
    const group: Tab = { type: "tab", label: "", children: [] };
    groups.add(group);
    return { node: [group], children: group.children };
  }
  const encodedTitle = marker.attributes["encoded-title"];
  const titleAttribute = encodedTitle !== undefined ? decodeAttribute(encodedTitle) : marker.attributes.title;
  if (marker.kind === "code-group") {
    // Its fences become its tabs (remark-tab-sets.ts).
    const set: TabSet = { type: "tabSet", group: null, codeGroup: true, children: [] };
    return { node: [set], children: set.children as RootContent[] };
  }
  if (marker.kind === "tab") {
    const { attributes } = marker;
    const tab: Tab = { type: "tab", label: titleAttribute ?? "", selected: "selected" in attributes, startsSet: "new-set" in attributes, children: [] };
    return { node: [tab], children: tab.children };
  }
  const title: PhrasingContent[] | null =
    titleAttribute !== undefined ? (titleAttribute ? [{ type: "text", value: titleAttribute }] : []) : marker.title;
  const details = marker.kind === "details";
  const callout = createCallout(marker.kind, "other", {
    title,
    collapsible: details || "collapsible" in marker.attributes,
    open: "open" in marker.attributes,
  });
  return { node: [callout], children: callout.children };
}

function readMarker(paragraph: Paragraph): Marker | null {
  const [first] = paragraph.children;
  if (first?.type !== "text") return null;
  if (paragraph.children.some((child) => child.type === "text" && child.value.includes("\n"))) return null;
  if (paragraph.children.some((child) => child.type === "break")) return null;
  if (paragraph.children.length === 1 && closerText.test(first.value)) {
    return { type: "close", fence: first.value.trim().length };
  }
  if (!openerText.test(first.value)) return null;
  const opening = /^(:{3,})\s*([A-Za-z][\w-]*)/.exec(first.value)!;
  const rest: PhrasingContent[] = [{ ...first, value: first.value.slice(opening[0].length) }, ...paragraph.children.slice(1)];
  let attributes: Record<string, string> = {};
  const last = rest.at(-1);
  if (last?.type === "text") {
    const braces = /\{([^{}]*)\}\s*$/.exec(last.value);
    if (braces) {
      attributes = parseAttributes(braces[1] ?? "");
      (last as Text).value = last.value.slice(0, braces.index);
    }
  }
  trimPhrasing(rest);
  const head = rest[0];
  const tail = rest.at(-1);
  if (head?.type === "text" && tail?.type === "text" && head.value.startsWith("[") && tail.value.endsWith("]")) {
    head.value = head.value.slice(1);
    tail.value = tail.value.slice(0, -1);
    trimPhrasing(rest);
  }
  const title = rest.filter((node) => node.type !== "text" || node.value !== "");
  return {
    type: "open",
    fence: opening[1]!.length,
    kind: opening[2]!.toLowerCase(),
    title: title.length > 0 ? title : null,
    attributes,
  };
}

function trimPhrasing(nodes: PhrasingContent[]) {
  const head = nodes[0];
  if (head?.type === "text") head.value = head.value.trimStart();
  const tail = nodes.at(-1);
  if (tail?.type === "text") tail.value = tail.value.trimEnd();
}
