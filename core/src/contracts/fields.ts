import { z } from 'zod';

/**
 * Field pieces shared by the input schemas. Each input keeps its own schema and the spec's own
 * messages (spec §5); these pieces only stop the rules themselves from being written twice.
 */
export const MIN_PASSWORD_LENGTH = 6;
export const MIN_USERNAME_LENGTH = 3;
/** Argon2 hashes any length, but an unbounded body is a denial-of-service lever. */
export const MAX_PASSWORD_LENGTH = 256;

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
 * Text as PostgreSQL can store it: without NUL characters, and with lone UTF-16 surrogates (half an emoji)
 * replaced by U+FFFD. Either would make the database refuse the row, a 500 instead of the user's text.
 */
export const storableText = (text: string): string => text.replaceAll('\u0000', '').toWellFormed();
