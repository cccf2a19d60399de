/** Text made safe inside HTML or XML, in content and in quoted attributes alike: & < > " ' as character references. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
