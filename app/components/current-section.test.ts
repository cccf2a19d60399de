import { describe, expect, it } from "vitest";
import { currentSection } from "./current-section";

describe("currentSection", () => {
  const line = 200;

  it("is none while every heading is still below the reading line", () => {
    expect(currentSection([300, 900, 1500], line, false)).toBe(-1);
  });

  it("is the last heading that has passed the reading line", () => {
    expect(currentSection([-800, 150, 700], line, false)).toBe(1);
    expect(currentSection([-800, -400, 200], line, false)).toBe(2);
  });

  it("is the last heading once the page is scrolled to its end, even if it never reached the line", () => {
    expect(currentSection([-800, 150, 700], line, true)).toBe(2);
  });

  it("is none for a page without headings", () => {
    expect(currentSection([], line, true)).toBe(-1);
  });
});
