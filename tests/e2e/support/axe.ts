import AxeBuilder from "@axe-core/playwright";
import axe from "axe-core";
import type { Page } from "@playwright/test";

/**
 * axe on the page in hand, every rule it has (best practices and the
 * experimental ones included) but one: AAA contrast (7:1), which a test
 * asks for on a part of the page (`aaaContrastOn`). The site aims at
 * WCAG 2.2 AA; its light theme's links are between 4.5:1 and 7:1.
 */
export const AAA_CONTRAST = "color-contrast-enhanced";
const EVERY_RULE = axe
  .getRules()
  .map((rule) => rule.ruleId)
  .filter((rule) => rule !== AAA_CONTRAST);

/**
 * The violations, one line each, so a failure says where and what.
 *
 * Legacy mode runs axe in the page itself. The default also opens a blank
 * page to gather the results of cross-origin frames, which these pages never
 * have (their CSP allows none from another origin); it cost each check about a second, and
 * ten on a busy two-core machine.
 */
export async function axeViolations(page: Page, { aaaContrastOn }: { aaaContrastOn?: string } = {}): Promise<string[]> {
  const checks = [new AxeBuilder({ page }).withRules(EVERY_RULE)];
  if (aaaContrastOn) checks.push(new AxeBuilder({ page }).include(aaaContrastOn).withRules([AAA_CONTRAST]));
  const lines: string[] = [];
  for (const check of checks) {
    const results = await check.setLegacyMode(true).analyze();
    for (const violation of results.violations) {
      for (const node of violation.nodes) {
        lines.push(`${violation.id} (${violation.impact}): ${node.target.join(" ")} — ${node.failureSummary?.split("\n").join(" ")}`);
      }
    }
  }
  return lines;
}
