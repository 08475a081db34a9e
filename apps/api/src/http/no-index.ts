/**
 * Shared analyses are for the people their owner gave the link to, not for search engines (ADR 0010): the
 * API's answers under /api/shared/ and the page /shared/{token} carry this header.
 */
export const NO_INDEX_HEADER = { name: 'x-robots-tag', value: 'noindex, nofollow' } as const;

/** The web app's page of a shared analysis; paths match case-insensitively, as the router does (docs/product/screens.md "Routes"). */
export const isSharedPagePath = (url: string): boolean => url.toLowerCase().startsWith('/shared/');
