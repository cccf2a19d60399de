import type { ShikiTransformer } from "shiki";

/**
 * A line element only where a line has something of its own: a class
 * (`highlighted`, from the fence's meta or a `// [!code highlight]`
 * comment). Any other line is its tokens and its newline, as in a plain
 * `<pre>`: the stylesheet has no rule for a bare `.line`, the copy button
 * reads the text, and a long page of code is several hundred elements and
 * about 6 KB of markup lighter.
 *
 * Runs after every transformer that marks lines (it is listed last).
 */
export function transformerPlainLines(): ShikiTransformer {
  return {
    name: "plain-lines",
    code(node) {
      node.children = node.children.flatMap((child) =>
        child.type === "element" && child.tagName === "span" && isPlainLine(child.properties.class) ? child.children : [child],
      );
    },
  };
}

function isPlainLine(value: unknown): boolean {
  const classes = Array.isArray(value) ? value.map(String) : String(value ?? "").split(/\s+/).filter(Boolean);
  return classes.length === 1 && classes[0] === "line";
}
