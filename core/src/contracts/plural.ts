/** "1 page", "12,000 characters": a count with its noun, in the plural when it is not one. */
export const plural = (n: number, word: string): string => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
