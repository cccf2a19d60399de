import path from "node:path";
import type { ContentFile } from "../guide-types";

/**
 * The content folder's files that are not pages (images, PDFs, downloads),
 * by path relative to the folder: what /guide-files serves, what links and
 * images are checked against, what an export copies.
 *
 * A folder may list up to 500,000 files (listing-limits.ts), most of them
 * images, and the server holds them for its whole life. A Map of one
 * object per file held about 400 bytes a file: 300,000 screenshots took
 * 119 MB of the server's heap, a quarter of the memory budget, before it
 * served a page (BENCHMARKS.md). So a file is a slot in a few arrays
 * instead: its name, its folder (one string shared by the folder's files),
 * its size and time. Its absolute path is the folder's joined with its
 * relative path, stored only for a file reached through a symbolic link,
 * and its version is made from its size and time, both only when read:
 * the folder's stamp goes through every file for its size and time alone
 * at each start. `get` and the iterators answer a new object each time.
 * The same 300,000 files hold 36 MB this way, 121 bytes each.
 */
export class ContentFiles implements ReadonlyMap<string, ContentFile> {
  readonly #root: string;
  /** Folder ("" at the top, "a/b") → its files' names → their slots. */
  readonly #byFolder = new Map<string, Map<string, number>>();
  readonly #folders: string[] = [];
  readonly #names: string[] = [];
  readonly #sizes: number[] = [];
  readonly #times: number[] = [];
  /** Slot → real path, for the files whose real path is not where the folder lists them. */
  readonly #linked = new Map<number, string>();

  /** `root`: the content folder, absolute and normalised, as the listing walks it. */
  constructor(root: string) {
    this.#root = root;
  }

  /**
   * Lists a file, or lists it again. `real`: its real path when that is not
   * its place in the folder (`root/folder/name`), null when it is.
   */
  add(folder: string, name: string, real: string | null, size: number, mtimeMs: number): void {
    let names = this.#byFolder.get(folder);
    if (!names) this.#byFolder.set(folder, (names = new Map()));
    let slot = names.get(name);
    if (slot === undefined) {
      slot = this.#names.length;
      names.set(name, slot);
      this.#folders.push(folder);
      this.#names.push(name);
    }
    this.#sizes[slot] = size;
    this.#times[slot] = mtimeMs;
    if (real === null) this.#linked.delete(slot);
    else this.#linked.set(slot, real);
  }

  get size(): number {
    return this.#names.length;
  }

  get(relativePath: string): ContentFile | undefined {
    const slot = this.#slotOf(relativePath);
    return slot === undefined ? undefined : this.#file(slot);
  }

  has(relativePath: string): boolean {
    return this.#slotOf(relativePath) !== undefined;
  }

  *keys(): MapIterator<string> {
    for (let slot = 0; slot < this.#names.length; slot++) yield this.#relativePath(slot);
  }

  *values(): MapIterator<ContentFile> {
    for (let slot = 0; slot < this.#names.length; slot++) yield this.#file(slot);
  }

  /** In the order the files were listed. */
  *entries(): MapIterator<[string, ContentFile]> {
    for (let slot = 0; slot < this.#names.length; slot++) yield [this.#relativePath(slot), this.#file(slot)];
  }

  [Symbol.iterator](): MapIterator<[string, ContentFile]> {
    return this.entries();
  }

  forEach(callback: (file: ContentFile, relativePath: string, files: ReadonlyMap<string, ContentFile>) => void, thisArg?: unknown): void {
    for (const [relativePath, file] of this) callback.call(thisArg, file, relativePath, this);
  }

  /** Only a path exactly as listed: "/a.png" is not the top-level "a.png". */
  #slotOf(relativePath: string): number | undefined {
    const slash = relativePath.lastIndexOf("/");
    if (slash === 0) return undefined;
    const names = this.#byFolder.get(slash === -1 ? "" : relativePath.slice(0, slash));
    return names?.get(relativePath.slice(slash + 1));
  }

  #relativePath(slot: number): string {
    const folder = this.#folders[slot]!;
    return folder === "" ? this.#names[slot]! : `${folder}/${this.#names[slot]}`;
  }

  #file(slot: number): ContentFile {
    return new ContentFiles.#ListedFile(this, slot);
  }

  #pathOf(slot: number): string {
    return this.#linked.get(slot) ?? path.join(this.#root, ...this.#relativePath(slot).split("/"));
  }

  static readonly #ListedFile = class ListedFile implements ContentFile {
    readonly size: number;
    readonly mtimeMs: number;
    readonly #files: ContentFiles;
    readonly #slot: number;

    constructor(files: ContentFiles, slot: number) {
      this.#files = files;
      this.#slot = slot;
      this.size = files.#sizes[slot]!;
      this.mtimeMs = files.#times[slot]!;
    }

    get path(): string {
      return this.#files.#pathOf(this.#slot);
    }

    get version(): string {
      return fileVersion(this.size, this.mtimeMs);
    }
  };
}

/**
 * Changes whenever the file does, so its URL can be cached for good: its
 * size and its time to the microsecond. Not hashed: a folder of 50,000
 * pages lists some 46,000 other files, and a hash each cost 100 ms of
 * every start.
 */
export function fileVersion(size: number, mtimeMs: number): string {
  return `${size.toString(36)}-${Math.round(mtimeMs * 1000).toString(36)}`;
}
