/**
 * Just enough of a page for the head script: <html>, the theme-color tags,
 * document.cookie, localStorage, matchMedia and location. The script is run
 * with these in scope, the way a browser would run it.
 */
export type FakePageOptions = {
  cookie?: string;
  stored?: string | null;
  /** The localStorage key `stored` is under. */
  storedKey?: string;
  systemDark?: boolean;
  protocol?: "http:" | "https:";
  /** The page's host, as `location.hostname` gives it (browsers give it in lower case). */
  hostname?: string;
  /** The theme-color tags as the server rendered them. */
  metas?: Array<{ content: string; media: string }>;
  /** Storage that throws, as in a sandboxed frame or with site data blocked. */
  blockedStorage?: boolean;
  /** The class attribute as the server rendered it. */
  className?: string;
};

export type FakePage = ReturnType<typeof createFakePage>;

export function createFakePage({
  cookie = "",
  stored = null,
  storedKey = "theme",
  systemDark = false,
  protocol = "https:",
  hostname = "site.test",
  metas = [],
  blockedStorage = false,
  className = "",
}: FakePageOptions = {}) {
  const classes = new Set(className.split(" ").filter(Boolean));
  const attributes = new Map<string, string>();
  const dataset: Record<string, string> = {};
  const style: Record<string, string> = {};
  const cookieWrites: string[] = [];
  const storage = new Map<string, string>();
  if (stored !== null) storage.set(storedKey, stored);
  const storageWrites: Array<[string, string]> = [];

  const blocked = () => {
    throw new DOMException("The operation is insecure.", "SecurityError");
  };
  const document = {
    documentElement: {
      classList: {
        add: (...names: string[]) => names.forEach((name) => classes.add(name)),
        remove: (...names: string[]) => names.forEach((name) => classes.delete(name)),
      },
      setAttribute: (name: string, value: string) => attributes.set(name, value),
      dataset,
      style,
    },
    get cookie() {
      return blockedStorage ? blocked() : cookie;
    },
    set cookie(value: string) {
      if (blockedStorage) blocked();
      cookieWrites.push(value);
    },
    querySelectorAll: (selector: string) => (selector === "meta[name=theme-color]" ? metas : []),
  };
  const localStorage = {
    getItem: (key: string) => (blockedStorage ? blocked() : (storage.get(key) ?? null)),
    setItem: (key: string, value: string) => {
      if (blockedStorage) blocked();
      storage.set(key, value);
      storageWrites.push([key, value]);
    },
  };
  const matchMedia = (query: string) => ({ matches: query === "(prefers-color-scheme: dark)" ? systemDark : false });
  const location = { protocol, hostname };

  return {
    run(source: string) {
      new Function("document", "localStorage", "matchMedia", "location", source)(document, localStorage, matchMedia, location);
    },
    classes,
    attributes,
    dataset,
    style,
    cookieWrites,
    storage,
    storageWrites,
    metas,
  };
}
