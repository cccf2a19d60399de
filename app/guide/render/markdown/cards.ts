import type { Element, ElementContent } from "hast";
import { starlightIcon } from "./starlight-icons";

/**
 * Starlight's <Card>, <CardGrid> and <LinkCard>, and Docusaurus'
 * <DocCardList>'s cards, as this site draws them (styles/components.css).
 * A link card is one link, named by its title: the link's box is stretched
 * over the card, so the whole card is clickable, and its description is
 * read after it rather than as part of its name. A card's Starlight `icon`
 * is drawn before its title (starlight-icons.ts), hidden from screen readers.
 */

/** A page as a card of a <DocCardList>: plain data, sent with a render job. */
export type CategoryCard = { title: string; url: string; description: string | null };

export function cardElement(title: string | null, body: ElementContent[], icon: string | null = null): Element {
  const drawn = starlightIcon(icon, "card-icon");
  const heading: Element[] = title ? [element("p", ["card-title"], [...(drawn ? [drawn] : []), text(title)])] : [];
  return element("div", ["card"], [...heading, ...body]);
}

export function cardGridElement(cards: ElementContent[]): Element {
  return element("div", ["card-grid"], cards);
}

export function linkCardElement(title: string, href: string | null, description: string | null): Element {
  const link: Element = href
    ? { type: "element", tagName: "a", properties: { className: ["link-card-title"], href }, children: [text(title)] }
    : element("p", ["card-title"], [text(title)]);
  const about: Element[] = description ? [element("p", ["link-card-description"], [text(description)])] : [];
  return element("div", ["card", ...(href ? ["link-card"] : [])], [link, ...about]);
}

function element(tagName: string, className: string[], children: ElementContent[]): Element {
  return { type: "element", tagName, properties: { className }, children };
}

function text(value: string): ElementContent {
  return { type: "text", value };
}
