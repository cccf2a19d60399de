import type { InlineCode, PhrasingContent, Root } from "mdast";
import { findAndReplace } from "mdast-util-find-and-replace";

/** `++ctrl+alt+del++`: key names joined by `+`, between doubled pluses, no spaces. */
const KEYS = /\+\+([a-z0-9][\w-]*(?:\+[a-z0-9][\w-]*)*)\+\+/gi;

/** How a few of pymdownx.keys' names are shown; any other name is shown with a capital. */
const NAMES: Record<string, string> = {
  ctrl: "Ctrl", control: "Ctrl", alt: "Alt", option: "Option", shift: "Shift", cmd: "Cmd", command: "Cmd",
  meta: "Meta", win: "Win", windows: "Win", super: "Super", fn: "Fn", enter: "Enter", return: "Return",
  tab: "Tab", space: "Space", backspace: "Backspace", del: "Del", delete: "Del", ins: "Ins", insert: "Ins",
  esc: "Esc", escape: "Esc", home: "Home", end: "End", "page-up": "Page Up", "page-down": "Page Down",
  "arrow-up": "↑", "arrow-down": "↓", "arrow-left": "←", "arrow-right": "→", "caps-lock": "Caps Lock",
  "print-screen": "Print Screen", plus: "+", minus: "-",
};

/**
 * MkDocs Material's keyboard keys (pymdownx.keys): `++ctrl+alt+del++` is
 * shown as <kbd>Ctrl</kbd>+<kbd>Alt</kbd>+<kbd>Del</kbd>, never as the
 * pluses written. Only text is read: code keeps its pluses, and so does
 * "C++" or "a ++ b", which have no key between doubled pluses.
 */
export default function remarkKeys() {
  return (tree: Root) => {
    findAndReplace(tree, [KEYS, (_written: string, names: string) => names.split("+").flatMap(keyAndPlus)]);
  };
}

function keyAndPlus(name: string, index: number): PhrasingContent[] {
  return index === 0 ? [key(name)] : [{ type: "text", value: "+" }, key(name)];
}

/** A key: code renamed to <kbd>, which GitHub's sanitising rules keep. */
function key(name: string): InlineCode {
  const lower = name.toLowerCase();
  const shown = NAMES[lower] ?? (lower.length === 1 ? lower.toUpperCase() : lower[0]!.toUpperCase() + lower.slice(1));
  return { type: "inlineCode", value: shown, data: { hName: "kbd" } };
}
