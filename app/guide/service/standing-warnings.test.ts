import { describe, expect, it } from "vitest";
import { standingWarnings, warningsStanding } from "./standing-warnings";

function recorded() {
  const said: string[] = [];
  return { said, warnings: standingWarnings((message) => said.push(message)) };
}

describe("a folder's warnings over its loads", () => {
  it("says each warning once while it stands, and again once it went away and came back", () => {
    const { said, warnings } = recorded();
    warnings.beginLoad();
    warnings.warn("a.md: skipped");
    warnings.warn("a.md: skipped");
    warnings.loadInForce();
    // The guide in force goes on warning after it is in force (its background completion).
    warnings.warn("1 link leads nowhere");

    warnings.beginLoad();
    warnings.warn("a.md: skipped");
    warnings.warn("1 link leads nowhere");
    expect(warnings.loadInForce()).toBe(2);

    warnings.beginLoad();
    warnings.warn("1 link leads nowhere");
    expect(warnings.loadInForce()).toBe(1);

    warnings.beginLoad();
    warnings.warn("a.md: skipped");
    expect(warnings.loadInForce()).toBe(0);
    expect(said).toEqual(["a.md: skipped", "1 link leads nowhere", "a.md: skipped"]);
  });

  it("weighs a load that failed against the guide still in force, not against what the failed load said", () => {
    const { said, warnings } = recorded();
    warnings.beginLoad();
    warnings.warn("a.md: skipped");
    warnings.loadInForce();

    warnings.beginLoad();
    warnings.warn("b.md: skipped");
    // Failed: never put in force.

    warnings.beginLoad();
    warnings.warn("a.md: skipped");
    warnings.warn("b.md: skipped");
    expect(warnings.loadInForce()).toBe(1);
    expect(said).toEqual(["a.md: skipped", "b.md: skipped", "b.md: skipped"]);
  });

  it("words the count for a reload's line, and says nothing of none", () => {
    expect(warningsStanding(0)).toBe("");
    expect(warningsStanding(1)).toBe("; 1 warning as before, not repeated");
    expect(warningsStanding(3)).toBe("; 3 warnings as before, not repeated");
  });
});
