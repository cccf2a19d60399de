import { codeBlock } from "./code-fences.server";
import { readLines, tooDeep, type Expansion } from "./include-expansion.server";
import { hideUnselected, selectLines } from "./select-lines.server";

/**
 * mdBook's links, `{{#type argument}}`:
 * - `{{#include file.rs}}`, with `:2` (line 2), `::10` (lines 1–10), `:2:`
 *   (from line 2), `:2:10`, or `:name` (the lines between `ANCHOR: name`
 *   and `ANCHOR_END: name`);
 * - `{{#rustdoc_include file.rs:2:10}}`: the whole file, the lines outside
 *   the range or anchor hidden as rustdoc hides them (`# ` in front);
 * - `{{#playground file.rs editable}}`: the file as a Rust code block;
 * - `{{#title …}}`, which only sets mdBook's window title: removed.
 * Lines that mark anchors are never shown. They are meant to fill code
 * blocks, so they are expanded inside them too. (`\{{#include …}}`, which
 * stays as written, is left to the expander, which finds it.)
 */

/** The link's replacement, or null to leave it as written (an unknown type, a file not in the folder, too deep). */
export async function expandMdBookLink(type: string, argument: string, fromRelativePath: string, expansion: Expansion, depth: number): Promise<string | null> {
  if (type === "title") return "";
  if (type !== "include" && type !== "rustdoc_include" && type !== "playground" && type !== "playpen") return null;
  const [target = "", ...attributes] = argument.split(/\s+/);
  if (tooDeep(depth, target, expansion)) return null;
  const colon = target.indexOf(":");
  const file = await readLines(colon === -1 ? target : target.slice(0, colon), target, fromRelativePath, expansion);
  if (!file) return null;
  const selector = colon === -1 ? "" : target.slice(colon + 1);
  let included: string;
  if (type === "include") included = selectLines(file.lines, selector).join("\n");
  else if (type === "rustdoc_include") included = hideUnselected(file.lines, selector).join("\n");
  else included = codeBlock(["rust", ...attributes].join(","), selectLines(file.lines, selector));
  return expansion.expand(included, file.relativePath, depth + 1);
}
