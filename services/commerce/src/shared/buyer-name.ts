/**
 * The buyer's name as commerce.purchase.completed carries it ('Prénom Nom'), from what identity
 * registered; undefined when there is none to give (a buyer registered before names were kept).
 * Capped at the event's 200 characters, on whole code points.
 */
export function buyerName(firstName: string | null | undefined, lastName: string | null | undefined): string | undefined {
  const name = [firstName, lastName]
    .map((part) => (part ?? '').replace(/\s+/gu, ' ').trim())
    .filter(Boolean)
    .join(' ');
  if (!name) return undefined;
  const chars = Array.from(name);
  return chars.length > 200 ? chars.slice(0, 200).join('').trimEnd() : name;
}
