import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../render/markdown/render-markdown.server";
import { searchSections, type SearchablePage } from "../render/search-sections.server";
import { MAX_QUERY_LENGTH, MAX_QUERY_TERMS, normalizeQuery } from "./query-terms";
import { createSearchIndex, type SearchResult } from "./search-index.server";

/** A heading as the renderer writes it: an id, and a "#" anchor that is not part of its text. */
const heading = (tag: "h2" | "h3", id: string, text: string) =>
  `<${tag} id="${id}">${text}<a class="heading-anchor" aria-hidden="true" tabindex="-1" href="#${id}">#</a></${tag}>`;

const pages: SearchablePage[] = [
  {
    url: "/guide/getting-started",
    title: "Getting started",
    description: "Install and run the site.",
    html: [
      "<p>Install the dependencies, then start the server. Colour themes are covered later.</p>",
      heading("h2", "requirements", "Requirements"),
      "<p>A recent Node.js and npm.</p>",
      heading("h2", "run-it", "Run it"),
      '<pre class="shiki"><button class="copy" type="button">Copy code</button><code><span class="line">npm start</span>\n<span class="line">npm run dev</span></code></pre>',
    ].join(""),
  },
  {
    url: "/guide/themes",
    title: "Themes",
    description: "Light, dark and system.",
    html: [
      "<p>How the preference is stored and applied.</p>",
      heading("h2", "storage", "Where it is kept"),
      "<p>The choice lives in localStorage and in a cookie named <code>theme</code>.</p>",
      heading("h3", "cookie-attributes", "Cookie attributes"),
      "<ul><li>Path</li><li>SameSite</li></ul>",
      '<div class="callout">',
      heading("h2", "pitfalls", "Pitfalls"),
      "<p>A flash of the wrong palette on the first paint.</p></div>",
      "<p>Reloading the page is never needed.</p>",
    ].join(""),
  },
  {
    url: "/guide/deployment",
    title: "Deployment",
    description: "Run it in production.",
    html: [
      heading("h2", "docker", "Docker"),
      "<p>The image runs as a non-root user. Café owners deploy too.</p>",
      heading("h2", "theme-colour", "Theme colour"),
      "<p>The browser's toolbar takes the page's colour.</p>",
      heading("h2", "long", "A long section"),
      `<p>${"Filler words fill this paragraph. ".repeat(30)}The replicas share nothing at all. ${"More filler after it. ".repeat(30)}</p>`,
    ].join(""),
  },
];

const index = createSearchIndex(pages.flatMap(searchSections));
const urls = (results: SearchResult[]) => results.map((result) => result.url);
const marked = (result: SearchResult | undefined) => result?.snippet.filter((part) => part.match).map((part) => part.text) ?? [];
const snippetText = (result: SearchResult | undefined) => result?.snippet.map((part) => part.text).join("") ?? "";

describe("the search index", () => {
  it("ranks a page whose title matches above a page that only mentions the word", () => {
    const results = index.search("themes");
    expect(results[0]).toMatchObject({ url: "/guide/themes", pageTitle: "Themes", sectionTitle: null });
    expect(urls(results)).toContain("/guide/getting-started");
    expect(urls(results).indexOf("/guide/getting-started")).toBeGreaterThan(0);
  });

  it("ranks a page whose title matches above a section of another page whose heading matches", () => {
    expect(urls(index.search("theme")).slice(0, 2)).toEqual(["/guide/themes", "/guide/deployment#theme-colour"]);
  });

  it("ranks a section whose heading matches above a section that only mentions the word", () => {
    const results = index.search("cookie");
    expect(urls(results).slice(0, 2)).toEqual(["/guide/themes#cookie-attributes", "/guide/themes#storage"]);
  });

  it("finds a word from its beginning", () => {
    expect(urls(index.search("them"))).toContain("/guide/themes");
    expect(urls(index.search("depl"))[0]).toBe("/guide/deployment");
  });

  it("forgives a typo in a word of five letters or more", () => {
    expect(urls(index.search("thmes"))[0]).toBe("/guide/themes");
    expect(urls(index.search("dockr"))).toContain("/guide/deployment#docker");
  });

  it("does not guess at typos in shorter words, where one letter makes another common word", () => {
    expect(index.search("tart")).toEqual([]);
  });

  it("leaves out words too common to tell sections apart, unless still being typed", () => {
    expect(urls(index.search("where is the cookie"))).toEqual(urls(index.search("cookie")));
    expect(urls(index.search("the"))).toContain("/guide/themes");
  });

  it("searches a question by the words that name what is wanted: how do I, can you, should we say nothing of it", () => {
    const questions = createSearchIndex(
      [
        { url: "/guide/client", title: "Client", description: "", html: `${heading("h2", "retry-policy", "Retry policy")}<p>Configure the retry policy with the number of attempts.</p>` },
        // Every word of the question, "i" and a word "do" begins among them, in code.
        { url: "/guide/domains", title: "Domains", description: "", html: `${heading("h2", "handler", "Handler")}<pre><code>func (i *Domain) Configure(retry Policy) error</code></pre>` },
      ].flatMap(searchSections),
    );
    expect(urls(questions.search("how do I configure the retry policy"))).toEqual(["/guide/client#retry-policy", "/guide/domains#handler"]);
    expect(urls(questions.search("can you configure retries"))).toEqual(urls(questions.search("configure retries")));
    expect(urls(index.search("should we keep the cookie"))).toEqual(urls(index.search("keep cookie")));
  });

  it("finds the singular and the plural alike", () => {
    expect(urls(index.search("replica"))[0]).toBe("/guide/deployment#long");
    expect(marked(index.search("palettes")[0])).toEqual(["palette"]);
  });

  it("ignores case and accents", () => {
    expect(urls(index.search("CAFE"))).toEqual(["/guide/deployment#docker"]);
  });

  it("links each section by its heading's id, and a page's introduction by the page's address", () => {
    const [result] = index.search("localStorage");
    expect(result).toMatchObject({ url: "/guide/themes#storage", pageTitle: "Themes", sectionTitle: "Where it is kept" });
    expect(index.search("preference applied")[0]).toMatchObject({ url: "/guide/themes", sectionTitle: null });
  });

  it("gives h3 sections their own result, named with the h2 above them, and keeps a heading inside a block as a section", () => {
    expect(index.search("samesite")[0]).toMatchObject({ url: "/guide/themes#cookie-attributes", parentTitle: "Where it is kept", sectionTitle: "Cookie attributes" });
    expect(index.search("palette")[0]).toMatchObject({ url: "/guide/themes#pitfalls", parentTitle: null });
    expect(index.search("preference applied")[0]).toMatchObject({ sectionTitle: null, parentTitle: null });
    // The text after the callout still belongs to the section the callout's heading started.
    expect(index.search("reloading")[0]?.url).toBe("/guide/themes#pitfalls");
  });

  it("indexes the text of code but not a code block's copy button or a heading's # anchor", () => {
    expect(index.search("npm run dev")[0]?.url).toBe("/guide/getting-started#run-it");
    expect(snippetText(index.search("npm start")[0])).not.toContain("Copy code");
    expect(index.search("copy")).toEqual([]);
    expect(index.search("requirements")[0]?.sectionTitle).toBe("Requirements");
  });

  it("reads a formula in a sentence or heading by its TeX, and leaves out formulas on lines of their own", async () => {
    const { html } = await renderMarkdown("Sorting takes $n \\log n$ steps.\n\n## The $O(n)$ case\n\n$$\nzeta = 1\n$$\n\nLinear.", {
      relativePath: "cost.md",
      resolveUrl: () => null,
    });
    const [intro, section] = searchSections({ url: "/guide/cost", title: "Cost", description: "", html });
    expect(intro?.text).toBe("Sorting takes n \\log n steps.");
    expect(section?.sectionTitle).toBe("The O(n) case");
    expect(section?.text).toBe("Linear.");
  });

  it("reads every tab panel under its label once (not the row of tabs too), and a heading inside one as a section", async () => {
    const markdown = '=== "npm"\n\n    Install with npm.\n\n=== "pnpm"\n\n    ## Workspaces\n\n    Install with pnpm.';
    const { html } = await renderMarkdown(markdown, { relativePath: "install.md", resolveUrl: () => null });
    const [intro, section] = searchSections({ url: "/guide/install", title: "Install", description: "", html });
    expect(intro?.text).toBe("npm Install with npm. pnpm");
    expect(section?.sectionTitle).toBe("Workspaces");
    expect(section?.text).toBe("Install with pnpm.");
  });

  it("keeps words of neighbouring blocks apart", () => {
    expect(index.search("path samesite")[0]?.url).toBe("/guide/themes#cookie-attributes");
  });

  it("lists sections with every word first, then sections with some of them", () => {
    const both = urls(index.search("cookie localstorage"));
    expect(both[0]).toBe("/guide/themes#storage");
    expect(both).toContain("/guide/themes#cookie-attributes");
    expect(urls(index.search("docker zebra"))).toEqual(["/guide/deployment#docker"]);
  });

  it("marks the matched words in the snippet, and only them", () => {
    const [result] = index.search("cookie named");
    expect(marked(result)).toEqual(["cookie", "named"]);
    expect(snippetText(result)).toBe("The choice lives in localStorage and in a cookie named theme.");
  });

  it("marks the word a prefix or a typo found, as written in the page", () => {
    expect(marked(index.search("localstor")[0])).toEqual(["localStorage"]);
    expect(marked(index.search("cokie").find((result) => result.url === "/guide/themes#storage"))).toEqual(["cookie"]);
  });

  it("cuts a long section's snippet around the match", () => {
    const [result] = index.search("replicas");
    const text = snippetText(result);
    expect(result?.url).toBe("/guide/deployment#long");
    expect(text.startsWith("… ")).toBe(true);
    expect(text.endsWith(" …")).toBe(true);
    expect(text).not.toMatch(/\s\s/);
    expect(text.length).toBeLessThan(260);
    expect(marked(result)).toEqual(["replicas"]);
  });

  it("makes a long section's snippet from the stretch that holds the match, and from its opening when the match is past what is read", () => {
    const filler = (count: number) => Array.from({ length: count }, (_, n) => `filler${n}`).join(" ");
    const long: SearchablePage = {
      url: "/guide/changelog",
      title: "Changelog",
      description: "",
      // No heading: one section of some 300 KB, as a changelog or a page shown as plain text is.
      html: `<p>${filler(5_000)} the quokka release ${filler(30_000)} a wombat release at the end</p>`,
    };
    const withLong = createSearchIndex([...pages, long].flatMap(searchSections));
    const [quokka] = withLong.search("quokka");
    expect(marked(quokka)).toEqual(["quokka"]);
    expect(snippetText(quokka)).toMatch(/^… .*quokka.* …$/);
    const [wombat] = withLong.search("wombat");
    expect(wombat?.url).toBe("/guide/changelog");
    expect(snippetText(wombat)).toMatch(/^filler0 filler1 .* …$/);
    expect(marked(wombat)).toEqual([]);
  });

  it("cuts a word longer than a snippet inside the snippet", () => {
    const word: SearchablePage = { url: "/guide/word", title: "Word", description: "", html: `<p>zz${"z".repeat(100_000)}</p>` };
    const [result] = createSearchIndex([word].flatMap(searchSections)).search("zzz");
    // 180 characters of it, then a sign that it goes on, and that the section does.
    expect(snippetText(result)).toBe(`${"z".repeat(180)}… …`);
    expect(marked(result)).toEqual([`${"z".repeat(180)}…`]);
  });

  it("shows the start of the text when only the heading matched", () => {
    const [result] = index.search("requirements");
    expect(snippetText(result)).toBe("A recent Node.js and npm.");
    expect(marked(result)).toEqual([]);
  });

  it("returns at most `limit` results", () => {
    expect(index.search("page", { limit: 2 })).toHaveLength(2);
    expect(index.search("page", { limit: 0 })).toHaveLength(1);
    expect(index.search("page", { limit: Number.NaN })).toHaveLength(1);
  });

  it("finds a page by its title even when it has no introduction", () => {
    expect(index.search("deployment")[0]).toMatchObject({ url: "/guide/deployment", sectionTitle: null });
  });
});

describe("hostile queries", () => {
  it("answers an empty or blank query with no results", () => {
    expect(index.search("")).toEqual([]);
    expect(index.search("   \t\n ")).toEqual([]);
    expect(index.search("...!?")).toEqual([]);
  });

  it("trims and collapses spaces", () => {
    expect(normalizeQuery("  dark \n  theme  ")).toEqual({ query: "dark theme", shortened: false });
  });

  it("turns control and formatting characters into spaces", () => {
    expect(normalizeQuery("dock\u0000er\u202Etheme\u0007").query).toBe("dock er theme");
    expect(urls(index.search("dock\u0000er"))).not.toContain(undefined);
  });

  it("treats regex and HTML characters as plain text", () => {
    for (const query of [".*(", "[a-", "\\", "<script>alert(1)</script>", "$(rm -rf /)", "%FF", "\uFFFD"]) {
      expect(() => index.search(query), query).not.toThrow();
    }
    expect(index.search(".*(")).toEqual([]);
    expect(urls(index.search("<code>theme</code>"))).toContain("/guide/themes#storage");
  });

  it("never puts the query into a snippet", () => {
    const results = index.search("theme <img src=x onerror=alert(1)>");
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) expect(snippetText(result)).not.toContain("<img");
  });

  it(`cuts a query longer than ${MAX_QUERY_LENGTH} characters, at a word boundary, and says so`, () => {
    const long = "theme ".repeat(100);
    const { query, shortened } = normalizeQuery(long);
    expect(shortened).toBe(true);
    expect(query.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    expect(query.endsWith("theme")).toBe(true);
    expect(normalizeQuery("x".repeat(10_000)).query).toHaveLength(MAX_QUERY_LENGTH);
  });

  it("does not split a character made of two UTF-16 units when cutting", () => {
    const { query } = normalizeQuery("😀".repeat(300));
    expect(Array.from(query)).toHaveLength(MAX_QUERY_LENGTH);
    expect(query).toBe("😀".repeat(MAX_QUERY_LENGTH));
  });

  it(`searches only the first ${MAX_QUERY_TERMS} distinct words, and says so`, () => {
    const words = Array.from({ length: 30 }, (_, n) => `qqq${n}`).join(" ");
    expect(normalizeQuery(words).shortened).toBe(true);
    expect(normalizeQuery("cookie cookie cookie").shortened).toBe(false);
    // The words past the cap would have found the page; they are not searched.
    expect(index.search(`${words} docker`)).toEqual([]);
  });

  it("answers a 10 KB query of long fuzzy words quickly", () => {
    const query = Array.from({ length: 1000 }, (_, n) => `abcdefghij${n}`).join(" ").slice(0, 10_240);
    const started = performance.now();
    expect(index.search(query)).toEqual([]);
    // Generous: a runaway fuzzy search on unbounded terms takes seconds.
    expect(performance.now() - started).toBeLessThan(500);
  });
});
