import fs from "node:fs";
import { expect, test } from "vitest";
import { FOLDER_PROBLEM_KINDS } from "../../../app/guide/service/check-guide.server";

test("the README names every kind of problem check --json reports", () => {
  const readme = fs.readFileSync(new URL("../README.md", import.meta.url), "utf8");
  const named = FOLDER_PROBLEM_KINDS.filter((kind) => readme.includes(`\`${kind}\``));
  expect(named).toEqual([...FOLDER_PROBLEM_KINDS]);
});
