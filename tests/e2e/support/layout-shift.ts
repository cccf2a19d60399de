import type { Page } from "@playwright/test";

/**
 * Layout shifts as the browser reports them, from before the document
 * exists: install with `page.addInitScript(observeLayoutShifts)`, read with
 * `readLayoutShifts(page)`. Each shift names what moved, from where to
 * where, so a failure says which element to look at.
 */
export type LayoutShifts = {
  /** Cumulative layout shift (shifts right after input excluded, as the metric does). */
  total: number;
  moved: string[];
};

export function observeLayoutShifts() {
  type Rect = { x: number; y: number; width: number; height: number };
  type LayoutShift = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources: { node: Node | null; previousRect: Rect; currentRect: Rect }[];
  };
  const shifts = { total: 0, moved: [] as string[] };
  const box = (rect: Rect) => `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`;
  const describe = (node: Node | null) => {
    if (!(node instanceof Element)) return node?.nodeName ?? "(removed)";
    const classes = typeof node.className === "string" && node.className ? `.${node.className.trim().split(/\s+/).join(".")}` : "";
    return `<${node.localName}${classes}> "${(node.textContent ?? "").trim().slice(0, 30)}"`;
  };
  const add = (entries: PerformanceEntryList) => {
    for (const entry of entries as LayoutShift[]) {
      if (entry.hadRecentInput) continue;
      shifts.total += entry.value;
      for (const source of entry.sources) {
        shifts.moved.push(`${describe(source.node)} from ${box(source.previousRect)} to ${box(source.currentRect)} at ${Math.round(entry.startTime)} ms`);
      }
    }
  };
  const observer = new PerformanceObserver((list) => add(list.getEntries()));
  observer.observe({ type: "layout-shift", buffered: true });
  (window as unknown as { layoutShifts: () => typeof shifts }).layoutShifts = () => {
    add(observer.takeRecords());
    return shifts;
  };
}

/** The shifts so far, once the fonts are settled and two more frames have been laid out. */
export async function readLayoutShifts(page: Page): Promise<LayoutShifts> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return (window as unknown as { layoutShifts: () => LayoutShifts }).layoutShifts();
  });
}
