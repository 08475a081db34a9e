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
export const usernameField = z
  .string({ error: 'Username must be at least 3 characters' })
  .trim()
  .min(MIN_USERNAME_LENGTH, { message: 'Username must be at least 3 characters' })
  .max(100, { message: 'Username must be at most 100 characters' });

/**
 * Text as PostgreSQL can store it: without NUL characters, and with lone UTF-16 surrogates (half an emoji)
 * replaced by U+FFFD. Either would make the database refuse the row, a 500 instead of the user's text.
 */
export const storableText = (text: string): string => text.replaceAll('\u0000', '').toWellFormed();
