import { LINK_CLASSES } from "./sanitize-schema";

/**
 * Python-Markdown's attr_list syntax, which MkDocs folders use (and
 * VitePress and Docusaurus on headings): `{ #id .class key="value" }`, the
 * colon of `{: … }` optional. Braces hold an attribute list only when at
 * least one part is an `#id`, a `.class` or a `key=value`, so prose such as
 * `{a, b}` or `{name}` is never taken for one.
 */
const part = String.raw`(?:[#.][\w:.-]+|[\w-]+=(?:"[^"]*"|'[^']*'|[^\s"'{}]+)|[\w-]+)`;
const list = String.raw`\{:?[ \t]*(${part}(?:[ \t]+${part})*)[ \t]*\}`;

/** A list at the start of a text (right after an image or a link); group 1 is its body. */
export const leadingAttributeList = new RegExp(`^${list}`);
/** A list at the end of a text (a heading's, or a paragraph's last line); group 1 is its body. */
export const trailingAttributeList = new RegExp(`[ \\t]*${list}[ \\t]*$`);

export type AttributeList = {
  id: string | null;
  classes: string[];
  /** `key=value` pairs, keys lower-cased, quotes removed. */
  values: Map<string, string>;
};

const partPattern = new RegExp(part, "g");

/** The parts of a list's body, or null when it holds no id, class or key=value (then it is prose). */
export function parseAttributeList(body: string): AttributeList | null {
  const result: AttributeList = { id: null, classes: [], values: new Map() };
  let meaningful = false;
  for (const [token] of body.matchAll(partPattern)) {
    if (token.startsWith("#")) {
      result.id = token.slice(1);
      meaningful = true;
    } else if (token.startsWith(".")) {
      result.classes.push(token.slice(1));
      meaningful = true;
    } else if (token.includes("=")) {
      const [key = "", ...rest] = token.split("=");
      result.values.set(key.toLowerCase(), rest.join("=").replace(/^(["'])([\s\S]*)\1$/, "$2"));
      meaningful = true;
    }
  }
  return meaningful ? result : null;
}

const SIZE = /^(\d{1,5})(?:px)?$/;
const ALIGN = /^(?:left|right|center|top|middle|bottom)$/i;

/**
 * The attributes of a list that this site applies, as hast properties:
 * sizes and alignment on images and paragraphs, a title, and on links the
 * classes of the sanitiser's allow-list (which checks them again).
 * Everything else (styles, handlers, ids outside headings, unknown
 * classes) is dropped.
 */
export function safeProperties(list: AttributeList, tagName: "img" | "a" | "p"): Record<string, string | string[]> {
  const properties: Record<string, string | string[]> = {};
  const title = list.values.get("title");
  if (title) properties.title = title;
  const classes = tagName === "a" ? list.classes.filter((name) => LINK_CLASSES.includes(name)) : [];
  if (classes.length > 0) properties.className = classes;
  if (tagName === "img") {
    for (const key of ["width", "height"] as const) {
      const size = SIZE.exec(list.values.get(key) ?? "");
      if (size) properties[key] = size[1]!;
    }
  }
  const align = list.values.get("align");
  if (tagName !== "a" && align && ALIGN.test(align)) properties.align = align.toLowerCase();
  return properties;
}
