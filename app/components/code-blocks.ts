/**
 * Copy buttons for the code blocks of rendered Markdown.
 *
 * `enhanceCodeBlocks(container)` adds a real <button> ("Copy", named "Copy
 * code") to every `.code-block` in `container` and returns a cleanup that
 * removes them again. Call it from an effect once the HTML is in the page,
 * and call the cleanup before the HTML changes:
 *
 *   useEffect(() => (ref.current ? enhanceCodeBlocks(ref.current) : undefined), [html]);
 *
 * Buttons exist only when this runs, so a page without JavaScript shows none.
 * A click copies the block's text (without the button) and says "Copied"
 * both on the button and in a polite live region, so screen readers announce
 * it; the button is a plain button, so Enter and Space work and focus shows.
 */
const resetAfterMs = 2000;

export function enhanceCodeBlocks(container: HTMLElement): () => void {
  const document = container.ownerDocument;
  const status = document.createElement("span");
  status.className = "code-copy-status";
  status.setAttribute("role", "status");
  container.append(status);

  const buttons: HTMLButtonElement[] = [];
  const timers = new Map<HTMLButtonElement, ReturnType<typeof setTimeout>>();

  for (const block of container.querySelectorAll<HTMLElement>(".code-block")) {
    if (block.querySelector(":scope > .code-copy")) continue;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "code-copy";
    button.textContent = "Copy";
    button.setAttribute("aria-label", "Copy code");
    block.append(button);
    buttons.push(button);
  }

  async function handleClick(event: MouseEvent) {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>("button.code-copy");
    if (!button || !container.contains(button)) return;
    const code = button.parentElement?.querySelector("pre code") ?? button.parentElement?.querySelector("pre");
    const copied = await copyText(code?.textContent ?? "", button);
    show(button, copied ? "Copied" : "Copy failed");
  }

  function show(button: HTMLButtonElement, message: string) {
    button.textContent = message;
    button.setAttribute("aria-label", message);
    // Cleared first, so the same message twice in a row is announced twice.
    status.textContent = "";
    requestAnimationFrame(() => {
      status.textContent = message;
    });
    clearTimeout(timers.get(button));
    timers.set(
      button,
      setTimeout(() => {
        button.textContent = "Copy";
        button.setAttribute("aria-label", "Copy code");
        status.textContent = "";
      }, resetAfterMs),
    );
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

/** The Clipboard API needs a secure context; on plain http a selection and execCommand still work. */
async function copyText(text: string, button: HTMLButtonElement): Promise<boolean> {
  const document = button.ownerDocument;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    } finally {
      area.remove();
      // Selecting moved focus away; it belongs on the button the visitor pressed.
      button.focus();
    }
  }
}
