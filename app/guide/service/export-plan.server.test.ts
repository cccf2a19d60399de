import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";

let folder: string;
beforeEach(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), "export-plan-"));
  vi.resetModules();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await fs.rm(folder, { recursive: true, force: true });
});

it("asks for the guide's index last: it lists every page's description, so it is made only once every page is rendered", async () => {
  await fs.mkdir(path.join(folder, "tides"));
  await fs.writeFile(path.join(folder, "tides", "reading.md"), "# Reading a tide table\n\nHigh water first.\n");
  await fs.writeFile(path.join(folder, "moorings.md"), "# Moorings\n\nChains and buoys.\n");
  vi.stubEnv("CONTENT_DIR", folder);
  const { exportPlan } = await import("./export-plan.server");
  const { pages } = await exportPlan();
  expect(pages.at(-1)).toBe("/guide");
  expect(pages.filter((url) => url === "/guide")).toHaveLength(1);
  expect(pages.slice(0, -1)).toEqual(expect.arrayContaining(["/", "/appearance", "/search", "/guide/moorings", "/guide/tides/reading"]));
});
