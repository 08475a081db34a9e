/** "a, b and c" (or "a, b or c"): a list as a sentence says it, for help texts and prompts. */
export const listInWords = (words: readonly string[], conjunction: 'and' | 'or' = 'and'): string =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1)}`;
