/**
 * A folder's warnings (a file skipped, links that lead nowhere, a page that
 * is not UTF-8) said once while they stand. `themed-guide dev` loads the
 * folder again on every save: saying each of them again every time buried
 * what the save changed. A load says only the warnings the last good load
 * did not; the others are counted, for the reload's one line to say that
 * they stand.
 */
export type StandingWarnings = {
  /** A warning of the load under way: said unless the last good load said it, or this load already has. */
  warn(message: string): void;
  /** A new load begins: what it says is weighed against the guide in force's warnings, or, if the last load failed, those of the one before. */
  beginLoad(): void;
  /** The load under way is now in force; returns how many of its warnings so far the guide it replaces had too. */
  loadInForce(): number;
};

export function standingWarnings(say: (message: string) => void): StandingWarnings {
  let lastGood = new Set<string>();
  let underWay = new Set<string>();
  // The guide in force goes on warning after it is (its background completion reports broken links).
  let underWayInForce = false;
  return {
    warn(message) {
      if (!underWay.has(message) && !lastGood.has(message)) say(message);
      underWay.add(message);
    },
    beginLoad() {
      // A load that failed is forgotten: what it said is weighed again against the guide still in force.
      if (underWayInForce) lastGood = underWay;
      underWay = new Set();
      underWayInForce = false;
    },
    loadInForce() {
      underWayInForce = true;
      let asBefore = 0;
      for (const message of underWay) if (lastGood.has(message)) asBefore++;
      return asBefore;
    },
  };
}

/** For a reload's line: the warnings it found as they were, said before and not printed again. */
export function warningsStanding(warningsAsBefore: number): string {
  if (warningsAsBefore === 0) return "";
  return `; ${warningsAsBefore === 1 ? "1 warning" : `${warningsAsBefore} warnings`} as before, not repeated`;
}
