import type { Element } from "hast";
import type { IconNode } from "lucide";
import AppWindow from "lucide/dist/esm/icons/app-window.mjs";
import ArrowDown from "lucide/dist/esm/icons/arrow-down.mjs";
import ArrowLeft from "lucide/dist/esm/icons/arrow-left.mjs";
import ArrowRight from "lucide/dist/esm/icons/arrow-right.mjs";
import ArrowUp from "lucide/dist/esm/icons/arrow-up.mjs";
import BookOpen from "lucide/dist/esm/icons/book-open.mjs";
import ChartNoAxesColumn from "lucide/dist/esm/icons/chart-no-axes-column.mjs";
import Check from "lucide/dist/esm/icons/check.mjs";
import ChevronDown from "lucide/dist/esm/icons/chevron-down.mjs";
import ChevronLeft from "lucide/dist/esm/icons/chevron-left.mjs";
import ChevronRight from "lucide/dist/esm/icons/chevron-right.mjs";
import ChevronUp from "lucide/dist/esm/icons/chevron-up.mjs";
import CircleCheck from "lucide/dist/esm/icons/circle-check.mjs";
import CircleQuestionMark from "lucide/dist/esm/icons/circle-question-mark.mjs";
import Clock from "lucide/dist/esm/icons/clock.mjs";
import CloudDownload from "lucide/dist/esm/icons/cloud-download.mjs";
import Database from "lucide/dist/esm/icons/database.mjs";
import Download from "lucide/dist/esm/icons/download.mjs";
import ExternalLink from "lucide/dist/esm/icons/external-link.mjs";
import FileArchive from "lucide/dist/esm/icons/file-archive.mjs";
import FileBraces from "lucide/dist/esm/icons/file-braces.mjs";
import FileHeadphone from "lucide/dist/esm/icons/file-headphone.mjs";
import FileImage from "lucide/dist/esm/icons/file-image.mjs";
import FilePlus from "lucide/dist/esm/icons/file-plus.mjs";
import FileSpreadsheet from "lucide/dist/esm/icons/file-spreadsheet.mjs";
import FileText from "lucide/dist/esm/icons/file-text.mjs";
import FileType from "lucide/dist/esm/icons/file-type.mjs";
import FileVideoCamera from "lucide/dist/esm/icons/file-video-camera.mjs";
import File from "lucide/dist/esm/icons/file.mjs";
import Folder from "lucide/dist/esm/icons/folder.mjs";
import GitBranch from "lucide/dist/esm/icons/git-branch.mjs";
import Heart from "lucide/dist/esm/icons/heart.mjs";
import Info from "lucide/dist/esm/icons/info.mjs";
import Languages from "lucide/dist/esm/icons/languages.mjs";
import Laptop from "lucide/dist/esm/icons/laptop.mjs";
import Link2 from "lucide/dist/esm/icons/link-2.mjs";
import Link from "lucide/dist/esm/icons/link.mjs";
import ListTodo from "lucide/dist/esm/icons/list-todo.mjs";
import List from "lucide/dist/esm/icons/list.mjs";
import Lock from "lucide/dist/esm/icons/lock.mjs";
import Mail from "lucide/dist/esm/icons/mail.mjs";
import Menu from "lucide/dist/esm/icons/menu.mjs";
import MessageCircle from "lucide/dist/esm/icons/message-circle.mjs";
import MessageSquare from "lucide/dist/esm/icons/message-square.mjs";
import Monitor from "lucide/dist/esm/icons/monitor.mjs";
import Moon from "lucide/dist/esm/icons/moon.mjs";
import NotepadText from "lucide/dist/esm/icons/notepad-text.mjs";
import Notebook from "lucide/dist/esm/icons/notebook.mjs";
import OctagonAlert from "lucide/dist/esm/icons/octagon-alert.mjs";
import Pencil from "lucide/dist/esm/icons/pencil.mjs";
import Phone from "lucide/dist/esm/icons/phone.mjs";
import Puzzle from "lucide/dist/esm/icons/puzzle.mjs";
import Rocket from "lucide/dist/esm/icons/rocket.mjs";
import Rss from "lucide/dist/esm/icons/rss.mjs";
import SearchCode from "lucide/dist/esm/icons/search-code.mjs";
import Search from "lucide/dist/esm/icons/search.mjs";
import Server from "lucide/dist/esm/icons/server.mjs";
import Settings from "lucide/dist/esm/icons/settings.mjs";
import Shuffle from "lucide/dist/esm/icons/shuffle.mjs";
import Smartphone from "lucide/dist/esm/icons/smartphone.mjs";
import SquarePen from "lucide/dist/esm/icons/square-pen.mjs";
import SquareSlash from "lucide/dist/esm/icons/square-slash.mjs";
import Star from "lucide/dist/esm/icons/star.mjs";
import Sun from "lucide/dist/esm/icons/sun.mjs";
import Terminal from "lucide/dist/esm/icons/terminal.mjs";
import TriangleAlert from "lucide/dist/esm/icons/triangle-alert.mjs";
import X from "lucide/dist/esm/icons/x.mjs";

/**
 * Starlight's built-in icons (`<Card icon="puzzle">`, `<TabItem
 * icon="seti:json">`) drawn with Lucide's. Starlight names icons from its
 * own set (Unicons, the Seti file icons, brand logos); pages written for it
 * name them, so this site needs the same names to show something alike.
 * Only names with an honest equivalent are here: brand and language logos
 * (github, npm, seti:npm, seti:typescript…) have none in Lucide, which
 * draws no logos, and show no icon, as does any name Starlight lacks.
 *
 * Each icon is imported from its own module, not from "lucide", whose index
 * loads all of its icons (half a second and 50 MB wherever Node runs this
 * unbundled: unit tests, development). The builds bundle just these
 * (vite.config.ts, react-router.config.ts).
 */
const ICONS = new Map<string, IconNode>([
  ["up-caret", ChevronUp],
  ["down-caret", ChevronDown],
  ["right-caret", ChevronRight],
  ["left-caret", ChevronLeft],
  ["up-arrow", ArrowUp],
  ["down-arrow", ArrowDown],
  ["right-arrow", ArrowRight],
  ["left-arrow", ArrowLeft],
  ["bars", Menu],
  ["translate", Languages],
  ["pencil", Pencil],
  ["pen", SquarePen],
  ["document", FileText],
  ["add-document", FilePlus],
  ["setting", Settings],
  ["link", Link],
  ["link-alt", Link2],
  ["external", ExternalLink],
  ["download", Download],
  ["cloud-download", CloudDownload],
  ["moon", Moon],
  ["sun", Sun],
  ["clock", Clock],
  ["laptop", Laptop],
  ["desktop", Monitor],
  ["mobile-android", Smartphone],
  ["window", AppWindow],
  ["database", Database],
  ["server", Server],
  ["code-branch", GitBranch],
  ["open-book", BookOpen],
  ["notes", NotepadText],
  ["information", Info],
  ["magnifier", Search],
  ["forward-slash", SquareSlash],
  ["close", X],
  ["error", OctagonAlert],
  ["warning", TriangleAlert],
  ["approve-check-circle", CircleCheck],
  ["approve-check", Check],
  ["question-circle", CircleQuestionMark],
  ["rocket", Rocket],
  ["star", Star],
  ["puzzle", Puzzle],
  ["list-format", List],
  ["analytics", ChartNoAxesColumn],
  ["random", Shuffle],
  ["padlock", Lock],
  ["comment", MessageCircle],
  ["comment-alt", MessageSquare],
  ["heart", Heart],
  ["rss", Rss],
  ["email", Mail],
  ["phone", Phone],
  // Seti's file icons that stand for a kind of file rather than a product's logo.
  ["seti:default", File],
  ["seti:folder", Folder],
  ["seti:json", FileBraces],
  ["seti:config", Settings],
  ["seti:shell", Terminal],
  ["seti:image", FileImage],
  ["seti:audio", FileHeadphone],
  ["seti:video", FileVideoCamera],
  ["seti:font", FileType],
  ["seti:zip", FileArchive],
  ["seti:csv", FileSpreadsheet],
  ["seti:xls", FileSpreadsheet],
  ["seti:db", Database],
  ["seti:lock", Lock],
  ["seti:clock", Clock],
  ["seti:info", Info],
  ["seti:todo", ListTodo],
  ["seti:notebook", Notebook],
  ["seti:code-search", SearchCode],
]);

/** The Starlight icon names this site draws. */
export const STARLIGHT_ICON_NAMES: readonly string[] = [...ICONS.keys()];

/**
 * The named icon as an inline <svg>, or null for a name without one. It is
 * decorative (the title or label beside it says what it means), so hidden
 * from screen readers; it takes the text's colour and is 1em square, which
 * the stylesheet may change (styles/components.css, styles/tabs.css).
 */
export function starlightIcon(name: string | null | undefined, className: string): Element | null {
  const nodes = name ? ICONS.get(name) : undefined;
  if (!nodes) return null;
  return {
    type: "element",
    tagName: "svg",
    properties: {
      className: [className],
      viewBox: "0 0 24 24",
      width: "1em",
      height: "1em",
      fill: "none",
      stroke: "currentColor",
      strokeWidth: "2",
      strokeLinecap: "round",
      strokeLinejoin: "round",
      ariaHidden: "true",
    },
    children: nodes.map(([tagName, attributes]) => ({
      type: "element",
      tagName,
      properties: Object.fromEntries(Object.entries(attributes).map(([key, value]) => [key, String(value)])),
      children: [],
    })),
  };
}
