/** How messages and replies are signed when the sender has no name in the read model. */
export const TEAM_NAME = "L'équipe LBF";

/** 'Awa Ngo' from the read model's names, or the team when there is no name. */
export function displayName(firstName: string | null | undefined, lastName: string | null | undefined, fallback: string = TEAM_NAME): string {
  const name = [firstName, lastName].map((s) => (s ?? '').trim()).filter(Boolean).join(' ');
  return name || fallback;
}
