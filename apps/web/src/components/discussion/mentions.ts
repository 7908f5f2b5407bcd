import { mentionToken } from '@complivue/shared/schemas/collaboration';

/**
 * The text people type shows mentions as "@Dana Reyes"; on sending, each mention picked from
 * the list becomes the token the server reads (`@[Dana Reyes](userId)`). Longer names first,
 * so "@Dana Reyes" is not taken for "@Dana".
 */
export function encodeMentions(text: string, picked: { name: string; userId: string }[]): string {
  const byName = new Map(picked.map((member) => [member.name, member.userId]));
  return [...byName.entries()]
    .sort(([a], [b]) => b.length - a.length)
    .reduce(
      (body, [name, userId]) => body.split(`@${name}`).join(mentionToken(name, userId)),
      text,
    );
}

/** The "@word" being typed just before the caret, if any. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([^\s@]{0,40})$/.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]!.toLowerCase() };
}
