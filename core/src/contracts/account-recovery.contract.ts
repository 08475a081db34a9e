import { z } from 'zod';
import { currentPasswordField, emailField, passwordField } from './fields.ts';

/** A link of ours without a usable token (cut short when copied, or made up). */
export const INVALID_ACCOUNT_LINK_MESSAGE = 'This link is not valid. Please check that you copied all of it.';

/** The token a password-reset, verification or e-mail-change link carries (ADR 0008). */
const linkTokenField = z
  .string({ error: INVALID_ACCOUNT_LINK_MESSAGE })
  .trim()
  .min(1, { message: INVALID_ACCOUNT_LINK_MESSAGE })
  .max(512, { message: INVALID_ACCOUNT_LINK_MESSAGE });

const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const PASSWORDS_DIFFER_MESSAGE = "Passwords don't match";

/** POST /api/password/forgot and the /forgot-password form. */
export const forgotPasswordSchema = z.object({ email: emailField('Please enter a valid email address') })
  .meta({ id: 'ForgotPassword', description: 'The address to send a password reset link to' });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** POST /api/password/reset: the token of the e-mailed link and the new password. */
export const resetPasswordSchema = z.object({ token: linkTokenField, password: passwordField })
  .meta({ id: 'ResetPassword', description: 'The token of a password reset link and the new password' });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The /reset-password form: the new password twice (the token comes from the link). */
export const resetPasswordFormSchema = z
  .object({ password: passwordField, confirmPassword: z.string() })
  .refine(passwordsMatch, { message: PASSWORDS_DIFFER_MESSAGE, path: ['confirmPassword'] });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

/** POST /api/email/verify and POST /api/account/email/confirm: the token of the link that was opened. */
export const accountLinkSchema = z.object({ token: linkTokenField })
  .meta({ id: 'AccountLink', description: 'The token of the e-mailed link that was opened' });
export type AccountLinkInput = z.infer<typeof accountLinkSchema>;

/** POST /api/account/password. */
export const changePasswordSchema = z.object({ currentPassword: currentPasswordField, newPassword: passwordField })
  .meta({ id: 'ChangePassword', description: 'The current password, asked again, and the new one' });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The Password section of account settings: the new password twice. */
export const changePasswordFormSchema = z
  .object({ currentPassword: currentPasswordField, password: passwordField, confirmPassword: z.string() })
  .refine(passwordsMatch, { message: PASSWORDS_DIFFER_MESSAGE, path: ['confirmPassword'] });
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

/** POST /api/account/email and the E-mail address section of account settings. */
export const changeEmailSchema = z.object({ newEmail: emailField('Please enter a valid email address'), password: currentPasswordField })
  .meta({ id: 'ChangeEmail', description: "The new e-mail address and the account's password" });
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;
