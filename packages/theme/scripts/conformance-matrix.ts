/**
 * The README's conformance matrix: every case of the first-paint matrix
 * (test/e2e/first-paint.spec.ts) in every app the browser tests run it
 * against, with what the page showed, made from the tests' own JSON report
 * (test/.generated/results.json, written by `npm run test:e2e`).
 *
 * Usage, from packages/theme, after a full `playwright test`:
 *   node scripts/conformance-matrix.ts --write   rewrites the README's table
 *   node scripts/conformance-matrix.ts --check   fails unless the README's
 *     table is the one this run proves, every case passed (npm run test:e2e
 *     runs this last, so the published table cannot drift from the tests)
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";

const README = fileURLToPath(new URL("../README.md", import.meta.url));
const REPORT = fileURLToPath(new URL("../test/.generated/results.json", import.meta.url));
const START = "<!-- conformance-matrix:start (scripts/conformance-matrix.ts writes this table) -->";
const END = "<!-- conformance-matrix:end -->";
const TITLE = "is right and never changes: ";

/** The apps, in the order of the table's columns: the playwright config's projects. */
const COLUMNS = [
  ["server-rendering", "Server-rendered"],
  ["prerendered", "Prerendered"],
  ["spa", "SPA mode"],
  ["newcomer", "Default template + quick start"],
] as const;

type ReportTest = { projectName: string; status: string; annotations: { type: string; description?: string }[] };
type ReportSuite = { title: string; suites?: ReportSuite[]; specs?: { title: string; tests: ReportTest[] }[] };

export function matrixTable(report: { suites: ReportSuite[] }): { table: string; failures: string[] } {
  const rows = new Map<string, Map<string, string>>();
  const failures: string[] = [];
  const visit = (suite: ReportSuite) => {
    for (const spec of suite.specs ?? []) {
      if (!spec.title.startsWith(TITLE)) continue;
      const row = spec.title.slice(TITLE.length);
      const cells = rows.get(row) ?? new Map<string, string>();
      rows.set(row, cells);
      for (const test of spec.tests) {
        const shows = test.annotations.find((annotation) => annotation.type === "shows")?.description ?? "?";
        if (test.status !== "expected") failures.push(`${test.projectName}: ${row} (${test.status})`);
        cells.set(test.projectName, test.status === "expected" ? `${shows} ✓` : `${shows} ✗ ${test.status}`);
      }
    }
    suite.suites?.forEach(visit);
  };
  report.suites.forEach(visit);
  if (rows.size === 0) throw new Error(`${REPORT} holds no first-paint case: run the whole \`npm run test:e2e\` first.`);

  const lines = [
    `| JavaScript | OS | stored | ${COLUMNS.map(([, heading]) => heading).join(" | ")} |`,
    `| --- | --- | --- |${" --- |".repeat(COLUMNS.length)}`,
  ];
  for (const [row, cells] of rows) {
    const [javaScript = "", os = "", ...stored] = row.split(", ");
    const columns = COLUMNS.map(([project]) => cells.get(project) ?? "not run");
    lines.push(`| ${javaScript.replace("JavaScript ", "")} | ${os.replace("OS ", "")} | ${stored.join(", ")} | ${columns.join(" | ")} |`);
  }
  for (const [row, cells] of rows) {
    for (const [project] of COLUMNS) if (!cells.has(project)) failures.push(`${project}: ${row} (not run)`);
  }
  return { table: lines.join("\n"), failures };
}

function readmeTable(readme: string): { before: string; table: string; after: string } {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`The README has no ${START} … ${END} block.`);
  return { before: readme.slice(0, start + START.length), table: readme.slice(start + START.length, end).trim(), after: readme.slice(end) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const mode = process.argv[2];
  if (mode !== "--write" && mode !== "--check") {
    console.error("Usage: node scripts/conformance-matrix.ts --write | --check");
    process.exit(2);
  }
  const { table, failures } = matrixTable(JSON.parse(fs.readFileSync(REPORT, "utf8")));
  const readme = fs.readFileSync(README, "utf8");
  const parts = readmeTable(readme);
  if (mode === "--write") {
    fs.writeFileSync(README, `${parts.before}\n${table}\n${parts.after}`);
    console.log(`README: the conformance matrix written (${table.split("\n").length - 2} cases).`);
  }
  if (failures.length > 0) {
    console.error(`Cases that did not pass, which the matrix must not publish as passing:\n${failures.join("\n")}`);
    process.exit(1);
  }
  if (mode === "--check" && parts.table !== table) {
    console.error("The README's conformance matrix is not the one this run proves: `node scripts/conformance-matrix.ts --write` and commit it.");
    process.exit(1);
  }
  if (mode === "--check") console.log(`README: the conformance matrix is the one this run proves (${table.split("\n").length - 2} cases).`);
}
