import { describe, expect, it } from "vitest";
import { render } from "../__fixtures__/read-fixture";

describe("keyboard keys (++ctrl+c++)", () => {
  it("shows each key as <kbd>, joined by +, with the names MkDocs Material shows", async () => {
    const { html } = await render("Press ++ctrl+alt+del++, then ++cmd+shift+p++ or ++enter++. Move with ++arrow-up++ and ++f5++.");
    expect(html).toBe(
      "<p>Press <kbd>Ctrl</kbd>+<kbd>Alt</kbd>+<kbd>Del</kbd>, then <kbd>Cmd</kbd>+<kbd>Shift</kbd>+<kbd>P</kbd> or <kbd>Enter</kbd>. Move with <kbd>↑</kbd> and <kbd>F5</kbd>.</p>",
    );
  });

  it("leaves C++, a ++ b, and pluses in code alone", async () => {
    const { html } = await render("C++ and C++ differ; a ++ b stays. Run `++ctrl+c++` as written.\n\n```\n++i++\n```");
    expect(html).not.toContain("<kbd>");
    expect(html).toContain("C++ and C++ differ; a ++ b stays.");
    expect(html).toContain("<code>++ctrl+c++</code>");
  });

  it("works inside emphasis, links and headings", async () => {
    const { html } = await render("## Save with ++ctrl+s++\n\n*Quit with ++ctrl+q++*");
    expect(html).toContain("<h2 id=\"save-with-ctrls\">Save with <kbd>Ctrl</kbd>+<kbd>S</kbd>");
    expect(html).toContain("<em>Quit with <kbd>Ctrl</kbd>+<kbd>Q</kbd></em>");
  });
});
