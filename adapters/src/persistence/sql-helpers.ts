const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** PostgreSQL rejects a malformed uuid with an error; callers treat one as "no such row" instead. */
export const isUuid = (value: string): boolean => UUID.test(value);

/** The same test in SQL, for PostgreSQL's case-insensitive `~*`: a cast of text to uuid that cannot fail. */
export const UUID_SQL_PATTERN = UUID.source;

/** A LIKE/ILIKE pattern matching `text` anywhere, with its own % and _ taken literally (backslash is PostgreSQL's default escape). */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
