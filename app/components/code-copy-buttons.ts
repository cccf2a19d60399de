/**
 * Copy buttons for the code blocks of rendered Markdown (`.code-block`, from
 * rehype-code-blocks.ts). They are added in the browser, by an effect, once
 * the HTML is in the page: the server's markup never holds one, so hydration
 * matches and a page without JavaScript shows no button that does nothing.
 *
 * Each is a plain <button> (Enter and Space work, focus shows) named "Copy
 * code". A press copies the block's code, which is only the code: the
 * button sits beside the <pre>, and the markup has no line numbers. The
 * result shows on the button and is said in a polite live region.
 */
const RESET_AFTER_MS = 2000;
const IDLE = { text: "Copy", name: "Copy code" };

/** Adds a button to every code block in `container`; the returned cleanup takes them out again. */
export function addCodeCopyButtons(container: HTMLElement): () => void {
  const document = container.ownerDocument;
  const status = document.createElement("span");
  status.className = "code-copy-status";
  status.setAttribute("role", "status");
  container.append(status);

  const buttons: HTMLButtonElement[] = [];
  const timers = new Map<HTMLElement, ReturnType<typeof setTimeout>>();

  for (const block of container.querySelectorAll<HTMLElement>(".code-block")) {
    if (block.querySelector(":scope > .code-copy")) continue;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "code-copy";
    setLabel(button, IDLE);
    block.append(button);
    buttons.push(button);
  }

  async function handleClick(event: MouseEvent) {
    const button = (event.target as Element).closest<HTMLButtonElement>("button.code-copy");
    if (!button || !container.contains(button)) return;
    const code = button.parentElement?.querySelector("pre code") ?? button.parentElement?.querySelector("pre");
    if (await copyText(code?.textContent ?? "", button)) {
      show(button, { text: "Copied", name: "Copied" }, "Code copied");
    } else {
      show(button, { text: "Copy failed", name: "Copy failed" }, "Could not copy the code: select it and copy it yourself");
    }
  }

  function show(button: HTMLButtonElement, label: typeof IDLE, announcement: string) {
    setLabel(button, label);
    // Emptied first, so the same message twice in a row is announced twice.
    status.textContent = "";
    requestAnimationFrame(() => {
      status.textContent = announcement;
    });
    // Each button and the one live region go back on their own clocks, so a
    // press does not empty the region while another's message is being read.
    later(button, () => setLabel(button, IDLE));
    later(status, () => (status.textContent = ""));
  }

  function later(key: HTMLElement, reset: () => void) {
    clearTimeout(timers.get(key));
    timers.set(key, setTimeout(reset, RESET_AFTER_MS));
  }

  const listener = (event: MouseEvent) => void handleClick(event);
  container.addEventListener("click", listener);

  return () => {
    container.removeEventListener("click", listener);
    for (const timer of timers.values()) clearTimeout(timer);
    for (const button of buttons) button.remove();
    status.remove();
  };
}

// The name changes with the text, so what is read out is always what is shown.
function setLabel(button: HTMLButtonElement, label: typeof IDLE) {
  button.textContent = label.text;
  button.setAttribute("aria-label", label.name);
}

/**
 * The Clipboard API exists only in a secure context (https, localhost); on
 * plain http, or when the browser refuses it, a selected textarea and
 * execCommand still copy in most browsers.
 */
async function copyText(text: string, button: HTMLButtonElement): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const document = button.ownerDocument;
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.setAttribute("aria-hidden", "true");
    area.style.position = "fixed";
    area.style.inset = "0 auto auto 0";
    area.style.opacity = "0";
    document.body.append(area);
    area.focus({ preventScroll: true });
    area.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    } finally {
      area.remove();
      // Selecting took focus; it belongs on the button the visitor pressed.
      button.focus({ preventScroll: true });
    }
  }
}
