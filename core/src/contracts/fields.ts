import { z } from 'zod';

/**
 * Field pieces shared by the input schemas. Each input keeps its own schema and the spec's own
 * messages (docs/product/screens.md "Form checks"); these pieces only stop the rules themselves from being written twice.
 */
export const MIN_PASSWORD_LENGTH = 6;
export const MIN_USERNAME_LENGTH = 3;
/** Argon2 hashes any length, but an unbounded body is a denial-of-service lever. */
export const MAX_PASSWORD_LENGTH = 256;
/** The largest value of PostgreSQL's `integer`, the column type of credits, uses and amounts in cents. */
export const MAX_DATABASE_INTEGER = 2_147_483_647;
/**
 * The latest date an input may name (an expiry): far enough for any real use, and well inside what
 * PostgreSQL and JavaScript dates hold and ISO 8601 writes with four digits.
 */
export const LATEST_INPUT_DATE = new Date(Date.UTC(2100, 0, 1));

export const emailField = (message: string) => z.string({ error: message }).trim().toLowerCase().pipe(z.email({ message }).max(254, { message }));
export const passwordField = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(MIN_PASSWORD_LENGTH, { message: 'Password must be at least 6 characters' })
  .max(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` });
/**
 * The password an account already has, asked again before a sensitive change (the e-mail, the password,
 * deleting the account): only present and bounded, since the stored hash is what decides.
 */
export const currentPasswordField = z
  .string({ error: 'Please enter your current password' })
  .min(1, { message: 'Please enter your current password' })
  .max(MAX_PASSWORD_LENGTH, { message: 'Please enter your current password' });
/** What a field holding a NUL character is told: PostgreSQL cannot store one, and no one types one. */
export const NUL_CHARACTER_MESSAGE = 'Text cannot contain the NUL character (\\0)';
const hasNoNul = (text: string) => !text.includes('\u0000');

/**
 * A text field's string, as PostgreSQL can store it: a NUL character is refused (a 400 naming the rule, where
 * the database would refuse the row), and lone UTF-16 surrogates (half an emoji) become U+FFFD. Pipe it into
 * the field's own rules: `textField().pipe(z.string().trim().max(200))`.
 */
export const textField = (error?: string) =>
  z.string(error === undefined ? undefined : { error })
    .refine(hasNoNul, { message: NUL_CHARACTER_MESSAGE, abort: true })
    .transform((text) => text.toWellFormed());

/**
 * A person's name (the username, which becomes the first name, a first or a last name) is shown on pages and
 * greets its owner in e-mail, so it must read as a name and nothing more: one line, at most this many
 * characters. The spec sets no maximum; 50 holds long double-barrelled names, never a paragraph.
 */
export const MAX_NAME_LENGTH = 50;
/**
 * What a name may not hold: C0 and C1 controls (NUL, tab, CR, LF...), the line and paragraph separators, and
 * the bidirectional controls that reorder the text after them. Joiners, which some scripts need, stay allowed.
 */
const NOT_IN_A_NAME = /[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** Whether `text` keeps the rule of a name's characters (its length is checked apart, with its own message). */
export const isOneLineName = (text: string): boolean => text.isWellFormed() && !NOT_IN_A_NAME.test(text);

/** A name as `label` ("Username", "First name") calls it: trimmed, then one line of at most MAX_NAME_LENGTH characters. */
export const nameField = (label: string) => z
  .string({ error: `${label} must be text` })
  .trim()
  // A second line is the message that matters, whatever its length: no other check follows a failed one.
  .refine(isOneLineName, { message: `${label} must be one line, without control characters`, abort: true })
  .max(MAX_NAME_LENGTH, { message: `${label} must be at most ${MAX_NAME_LENGTH} characters` });

export const usernameField = z
  .string({ error: 'Username must be at least 3 characters' })
  .pipe(nameField('Username').min(MIN_USERNAME_LENGTH, { message: 'Username must be at least 3 characters' }));

/**
 * Text that nobody typed (a document's text, an uploaded file's name) as PostgreSQL can store it: NUL
 * characters dropped, lone UTF-16 surrogates (half an emoji) replaced by U+FFFD. Either would make the
 * database refuse the row. Text typed into a field refuses NUL instead (`textField`).
 */
export const storableText = (text: string): string => text.replaceAll('\u0000', '').toWellFormed();
