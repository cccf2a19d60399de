import { codeLineTest } from "./code-fences.server";
import { expandMdxPartials, mayImportPartials } from "./docusaurus-partials.server";
import { MAX_EXPANDED_CHARACTERS, type Expansion, type ReadIncluded } from "./include-expansion.server";
import { expandMdBookLink } from "./mdbook-includes.server";
import { expandMkDocsSnippetBlock, expandMkDocsSnippetLine } from "./mkdocs-snippets.server";
import { expandVitePressInclude, expandVitePressSnippet } from "./vitepress-includes.server";

/**
 * Files a page pulls in, expanded into its Markdown when the folder is read,
 * as the docs tools do before the Markdown is parsed: mdBook's `{{#include}}`
 * (mdbook-includes.server.ts), VitePress' `<!--@include:-->` and `<<<`
 * (vitepress-includes.server.ts), MkDocs' `--8<--` (mkdocs-snippets.server.ts)
 * and Docusaurus' imported MDX partials (docusaurus-partials.server.ts).
 *
 * An included file's own includes are expanded too, relative to it, ten
 * levels deep at most. Only files the folder publishes can be included
 * (`read` answers null for anything else: outside the folder, a dotfile,
 * missing), so a page cannot show what the folder does not hold; such an
 * include stays as written and is reported.
 */

export type ExpandedMarkdown = {
  markdown: string;
  /** Includes whose file is not in the folder, as written ("../listings/a.rs"). */
  missing: string[];
  /** The first include left as written because the page's includes had reached their limit, as written; null when none was. */
  pastLimit: string | null;
};

export type IncludeOptions = {
  /** The folder's path in its repository ("docs"), longest first: MkDocs' snippet paths may start with it. */
  repositoryPaths?: readonly string[];
};

// One pattern for every kind, so a page is read once, left to right:
// an escaped mdBook link, an mdBook link, a VitePress include, a VitePress
// snippet line, an MkDocs snippet line (escaped or not), an MkDocs block of snippets.
const DIRECTIVE = new RegExp(
  [
    /\\\{\{#[^}]*\}\}/.source,
    /\{\{\s*#([a-zA-Z0-9_]+)\s+([^}]+)\}\}/.source,
    /<!--\s*@include:\s*([\s\S]*?)\s*-->/.source,
    /^ {0,3}<<<[ \t]+(\S[^\n]*?)[ \t]*$/.source,
    /^([ \t]*)(;*)(-+8<-+[ \t]+("(?:\\"|[^"\n])+?"|'(?:\\'|[^'\n])+?'))$/.source,
    /^[ \t]*-+8<-+[ \t]*\n([\s\S]*?)\n[ \t]*-+8<-+[ \t]*$/.source,
  ].join("|"),
  "gm",
);

export async function expandIncludes(markdown: string, fromRelativePath: string, read: ReadIncluded, options: IncludeOptions = {}): Promise<ExpandedMarkdown> {
  const expansion: Expansion = {
    read,
    missing: [],
    pastLimit: null,
    repositoryPaths: options.repositoryPaths ?? [],
    expand: (source, from, depth) => expand(source, from, expansion, depth),
    spent: 0,
  };
  const expanded = await expand(markdown, fromRelativePath, expansion, 0);
  return { markdown: expanded, missing: expansion.missing, pastLimit: expansion.pastLimit };
}

async function expand(source: string, fromRelativePath: string, expansion: Expansion, depth: number): Promise<string> {
  const hasDirective = ["{{", "@include", "<<<", "8<-"].some((marker) => source.includes(marker));
  if (!hasDirective && !mayImportPartials(source)) return source;
  // Lines written on Windows end as any other, so `$` finds the end of a snippet line.
  const markdown = source.replace(/\r\n?/g, "\n");
  const inCode = codeLineTest(markdown);
  const pieces: string[] = [];
  let last = 0;
  let length = 0;
  for (const match of markdown.matchAll(DIRECTIVE)) {
    const [written, bookType, bookArgument, vitepressInclude, snippet, indent, escape, mkdocsLine, mkdocsPath, mkdocsBlock] = match;
    // VitePress' syntax inside a code block is an example of it (mdBook's is meant to fill code blocks).
    const isVitePress = vitepressInclude !== undefined || snippet !== undefined;
    if (isVitePress && inCode(match.index)) continue;
    pieces.push(markdown.slice(last, match.index));
    last = match.index + written.length;
    let replacement: string | null;
    if (bookType !== undefined) replacement = await expandMdBookLink(bookType, bookArgument!.trim(), fromRelativePath, expansion, depth);
    else if (vitepressInclude !== undefined) replacement = await expandVitePressInclude(vitepressInclude, fromRelativePath, expansion, depth);
    else if (snippet !== undefined) replacement = await expandVitePressSnippet(snippet, fromRelativePath, expansion, depth);
    else if (mkdocsPath !== undefined) replacement = await expandMkDocsSnippetLine(indent!, escape!, mkdocsLine!, mkdocsPath, expansion, depth);
    else if (mkdocsBlock !== undefined) replacement = await expandMkDocsSnippetBlock(mkdocsBlock, expansion, depth);
    // An escaped mdBook link, `\{{#include …}}`, stays as written without its backslash.
    else replacement = written.slice(1);
    const text = replacement ?? written;
    length += text.length;
    if (length > MAX_EXPANDED_CHARACTERS && replacement !== null) expansion.pastLimit ??= written;
    pieces.push(length > MAX_EXPANDED_CHARACTERS ? written : text);
  }
  pieces.push(markdown.slice(last));
  return expandMdxPartials(pieces.join(""), fromRelativePath, expansion, depth);
}
