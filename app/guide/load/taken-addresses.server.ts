import path from "node:path";
import { GuideContentError } from "../guide-content-error";

/**
 * A page has two addresses besides its own: its Markdown's, its URL plus
 * `.md` (a folder's page also `index.md` inside the folder:
 * machine-readable.server.ts), and its data's, its URL plus `.data`, where
 * React Router answers a client-side navigation. Both are answered before
 * any page is looked for, so a page whose own address is one of them is
 * never shown, and an export would write a file and a folder at one path.
 * Such a page is refused as a second file at one page's address is.
 *
 * Addresses are compared as the server compares them: exactly, case and
 * all (`/guide/a.MD` is no Markdown's). A page whose address ends in `.md`
 * and is no page's Markdown is served as any page. One ending in `.data`
 * never is: React Router takes every such address as asking for the data
 * of the address without it, whether or not there is a page there. (Its
 * `…/_.data`, the data of an address ending in "/", is no page's: names
 * starting with "_" or "." are never pages.)
 */

type Taken = { servedThere: "Markdown" | "data"; otherFile: string | null };

/** A page at an address where another page's Markdown or data is served (`otherFile`), or, for `.data`, where no page can be. */
export class TakenAddressError extends GuideContentError {
  override name = "TakenAddressError";
  readonly url: string;
  readonly otherFile: string | null;
  readonly servedThere: Taken["servedThere"];
  constructor(file: string, url: string, { servedThere, otherFile }: Taken) {
    super(`${file}: ${whyTaken(url, { servedThere, otherFile }, (name) => name)}`, file);
    this.url = url;
    this.otherFile = otherFile;
    this.servedThere = servedThere;
  }

  /** The message after its file's name, with the other file named by `nameOf` (relative to the folder, for `check`). */
  reason(nameOf: (file: string) => string): string {
    return whyTaken(this.url, this, nameOf);
  }
}

function whyTaken(url: string, { servedThere, otherFile }: Taken, nameOf: (file: string) => string): string {
  if (otherFile !== null) return `its address ${url} is where ${nameOf(otherFile)}'s ${servedThere} is served; rename one`;
  return `its address ${url} ends in .data, which the server answers with the data of ${url.slice(0, -".data".length)}; rename it`;
}

/** Only these can be taken: a folder with no page ending so is not looked at further (50,000 slugs at a start). */
const TAKEN_ENDING = /\.(md|data)$/;

type Placed = { slug: string; url: string; isIndex: boolean } | null;

/**
 * The slots given, with each page at a taken address refused: it throws
 * TakenAddressError or, when `onTaken` is given, is told of there and has
 * no slot (null). A slot that is already null (a second file at one
 * address) is no page, and takes no address.
 */
export function refuseTakenAddresses<Slot extends Placed>(root: string, relativePaths: readonly string[], slots: Slot[], onTaken?: (error: TakenAddressError) => void): (Slot | null)[] {
  if (!slots.some((slot) => slot !== null && TAKEN_ENDING.test(slot.slug))) return slots;
  const fileOfSlug = new Map<string, string>();
  const folderPages = new Set<string>();
  slots.forEach((slot, index) => {
    if (slot === null) return;
    fileOfSlug.set(slot.slug, relativePaths[index]!);
    if (slot.isIndex) folderPages.add(slot.slug);
  });
  return slots.map((slot, index) => {
    const taken = slot && takenAddress(slot.slug, fileOfSlug, folderPages);
    if (!slot || !taken) return slot;
    const otherFile = taken.otherFile === null ? null : path.join(root, taken.otherFile);
    const error = new TakenAddressError(path.join(root, relativePaths[index]!), slot.url, { ...taken, otherFile });
    if (!onTaken) throw error;
    onTaken(error);
    return null;
  });
}

/** Whose Markdown or data the page at `slug` would be served in place of (files relative to the folder), or null when none. */
function takenAddress(slug: string, fileOfSlug: ReadonlyMap<string, string>, folderPages: ReadonlySet<string>): Taken | null {
  if (slug.endsWith(".data")) return { servedThere: "data", otherFile: fileOfSlug.get(slug.slice(0, -".data".length)) ?? null };
  if (!slug.endsWith(".md")) return null;
  // As the server looks a Markdown address up: the page at the address without `.md`, else the folder's page for its `index.md`.
  const stem = slug.slice(0, -".md".length);
  const page = fileOfSlug.get(stem);
  if (page !== undefined) return { servedThere: "Markdown", otherFile: page };
  const folder = stem === "index" ? "" : stem.endsWith("/index") ? stem.slice(0, -"/index".length) : null;
  return folder !== null && folderPages.has(folder) ? { servedThere: "Markdown", otherFile: fileOfSlug.get(folder)! } : null;
}
