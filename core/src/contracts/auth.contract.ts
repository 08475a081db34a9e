import { z } from 'zod';
import { emailField, passwordField, usernameField } from './fields.ts';

/** POST /api/login and the sign-in form (docs/product/screens.md "Form checks"). */
export const signInSchema = z.object({
  email: emailField('Please enter a valid email address'),
  password: passwordField,
}).meta({ id: 'SignIn', description: 'Sign-in credentials' });
export type SignInInput = z.infer<typeof signInSchema>;

/** POST /api/register (docs/product/accounts.md "Sign-up"). */
export const registerSchema = z.object({
  firstName: usernameField,
  email: emailField('Invalid email address'),
  password: passwordField,
}).meta({ id: 'Register', description: 'A new account: `firstName` is the username the sign-up form asks for' });
export type RegisterInput = z.infer<typeof registerSchema>;

/** The /signup form (docs/product/screens.md "Form checks"): username becomes firstName on the wire. */
export const signUpFormSchema = z
  .object({
    username: usernameField,
    email: emailField('Invalid email address'),
    password: passwordField,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type SignUpFormInput = z.input<typeof signUpFormSchema>;

/**
 * The inline create-account form on /login: the spec has it check only that the passwords match;
 * the server still applies every rule of registerSchema and its message is shown.
 */
export const inlineSignUpFormSchema = z
  .object({ username: z.string(), email: z.string(), password: z.string(), confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type InlineSignUpFormInput = z.infer<typeof inlineSignUpFormSchema>;
