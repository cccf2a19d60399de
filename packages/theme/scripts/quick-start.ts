/**
 * The README's "Quick start" as steps a newcomer follows on the app React
 * Router's template gave them: new files to write, and changes (unified
 * diffs) to the template's own files. The newcomer test
 * (scripts/newcomer-app.ts) applies them to the template fixture with
 * jsdiff's `applyPatch`, as `patch` would, so a step that does not fit the
 * template fails there, loudly, before any browser starts.
 */
import { applyPatch, parsePatch, type StructuredPatchHunk } from "diff";
import fs from "node:fs";
import path from "node:path";

export type QuickStartStep =
  /** A fenced block with a title="path" that is not a diff: the whole of a new file. */
  | { kind: "new file"; path: string; content: string }
  /** A ```diff block with a title="path": a change to a file the template has. */
  | { kind: "change"; path: string; diff: string };

/** Every fenced code block in the README's "Quick start" section whose info string names a file, in order. */
export function quickStartSteps(readme: string): QuickStartStep[] {
  const start = readme.search(/^## Quick start[ \t]*$/m);
  if (start < 0) throw new Error('The README has no "## Quick start" section.');
  const rest = readme.slice(start + "## Quick start".length);
  const end = rest.search(/^## /m);
  const section = end < 0 ? rest : rest.slice(0, end);

  const steps: QuickStartStep[] = [];
  // A fence of three or more backticks or tildes, closed by the same kind, at least as long.
  const fence = /^( {0,3})(`{3,}|~{3,})([^\n]*)\n([\s\S]*?)^ {0,3}\2[`~]*[ \t]*$/gm;
  for (const match of section.matchAll(fence)) {
    const [, indent = "", , info = "", body = ""] = match;
    const title = /(?:^|\s)title="([^"]+)"/.exec(info)?.[1];
    if (title === undefined) continue;
    const content = body
      .split("\n")
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line.trimStart()))
      .join("\n");
    const language = info.trim().split(/\s+/)[0];
    steps.push(language === "diff" ? { kind: "change", path: title, diff: content } : { kind: "new file", path: title, content });
  }
  if (steps.length === 0) throw new Error('The README\'s "Quick start" has no code block with a title="path".');
  return steps;
}

function resolveInside(root: string, relativePath: string): string {
  const target = path.resolve(root, relativePath);
  if (path.isAbsolute(relativePath) || !target.startsWith(root + path.sep)) {
    throw new Error(`The quick start names ${relativePath}, which is not a path inside the app.`);
  }
  return target;
}

const describeHunk = (hunk: StructuredPatchHunk) =>
  `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@\n${hunk.lines.join("\n")}`;

/**
 * Applies one step to the app in `root`. A new file must be new: the quick
 * start is a change to the template, so it never replaces one of the
 * template's files wholesale. A change must apply exactly (no fuzz), as
 * `patch` and `git apply` would.
 */
export function applyQuickStartStep(root: string, step: QuickStartStep): void {
  const target = resolveInside(root, step.path);
  if (step.kind === "new file") {
    if (fs.existsSync(target)) {
      throw new Error(
        `The quick start gives ${step.path} as a whole new file, but the template already has one: ` +
          "pasting it would throw away what the template put there. Give the change as a ```diff block.",
      );
    }
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, step.content);
    return;
  }

  if (!fs.existsSync(target)) throw new Error(`The quick start changes ${step.path}, which the template does not have.`);
  const patches = parsePatch(step.diff);
  const [patch] = patches;
  if (patches.length !== 1 || !patch || patch.hunks.length === 0) {
    throw new Error(`The quick start's diff of ${step.path} should hold one file's changes, in hunks (@@ … @@).`);
  }
  for (const name of [patch.oldFileName, patch.newFileName]) {
    if (name !== undefined && name.replace(/^[ab]\//, "") !== step.path) {
      throw new Error(`The quick start's diff titled ${step.path} names ${name} in its header.`);
    }
  }
  const source = fs.readFileSync(target, "utf8");
  const patched = applyPatch(source, patch);
  if (patched === false) {
    // Say which hunk: the first that does not fit the template on its own.
    const failing = patch.hunks.find((hunk) => applyPatch(source, { ...patch, hunks: [hunk] }) === false);
    throw new Error(
      `The quick start's change to ${step.path} does not apply to the template's file.` +
        (failing ? ` This hunk does not fit:\n${describeHunk(failing)}` : " Its hunks fit one by one, but not in order."),
    );
  }
  fs.writeFileSync(target, patched);
}
