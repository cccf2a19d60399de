import { describe, expect, it } from "vitest";
import { matrixTable } from "./conformance-matrix.ts";

const passed = (projectName: string, shows: string) => ({ projectName, status: "expected", annotations: [{ type: "shows", description: shows }] });
const spec = (title: string, tests: ReturnType<typeof passed>[]) => ({ title: `is right and never changes: ${title}`, tests });
const everyApp = (shows: string) => ["server-rendering", "prerendered", "spa", "newcomer"].map((project) => passed(project, shows));

describe("the conformance matrix", () => {
  it("has a row per first-paint case and a column per app, each cell what the page showed, and nothing else of the report", () => {
    const { table, failures } = matrixTable({
      suites: [
        {
          title: "first-paint.spec.ts",
          suites: [
            {
              title: "first paint",
              specs: [
                spec("JavaScript on, OS light, dark in the cookie only", everyApp("dark")),
                spec("JavaScript off, OS dark, nothing stored", everyApp("system (dark)")),
                { title: "a button posts the choice", tests: everyApp("light") },
              ],
            },
          ],
        },
      ],
    });
    expect(failures).toEqual([]);
    expect(table.split("\n")).toEqual([
      "| JavaScript | OS | stored | Server-rendered | Prerendered | SPA mode | Default template + quick start |",
      "| --- | --- | --- | --- | --- | --- | --- |",
      "| on | light | dark in the cookie only | dark ✓ | dark ✓ | dark ✓ | dark ✓ |",
      "| off | dark | nothing stored | system (dark) ✓ | system (dark) ✓ | system (dark) ✓ | system (dark) ✓ |",
    ]);
  });

  it("never publishes a case that failed or did not run as passing, and says which", () => {
    const [server, prerendered, spa] = everyApp("dark");
    const { table, failures } = matrixTable({
      suites: [{ title: "first paint", specs: [spec("JavaScript on, OS dark, dark in localStorage only", [server!, { ...prerendered!, status: "unexpected" }, spa!])] }],
    });
    expect(table).toContain("| dark ✓ | dark ✗ unexpected | dark ✓ | not run |");
    expect(failures).toEqual(["prerendered: JavaScript on, OS dark, dark in localStorage only (unexpected)", "newcomer: JavaScript on, OS dark, dark in localStorage only (not run)"]);
  });

  it("refuses a report that holds no first-paint case (a partial run)", () => {
    expect(() => matrixTable({ suites: [{ title: "switching", specs: [] }] })).toThrow(/no first-paint case/);
  });
});
