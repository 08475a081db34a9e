import type { Outcome } from './accounts.ability.ts';

/** A browser signed in elsewhere (another device), to ask later whether it still is. */
export interface OtherDevice {
  isSignedIn(): Promise<boolean>;
}

/**
 * What a citizen can do to recover her account and look after how she signs in, whichever way the product
 * is reached. Links are followed with the token their e-mail carries.
 */
export interface AccountRecovery {
  /** "Forgot password?": answers what the page shows. */
  forgotPassword(email: string): Promise<Outcome<{ message: string }>>;
  /** The /reset-password page, with the token of the link. */
  resetPassword(token: string, password: string): Promise<Outcome<void>>;
  /** The /verify-email page. */
  verifyEmail(token: string): Promise<Outcome<{ message: string }>>;
  /** "Resend verification e-mail", signed in. */
  resendVerification(): Promise<Outcome<{ message: string }>>;
  /** Account settings' Password section, signed in. */
  changePassword(currentPassword: string, newPassword: string): Promise<Outcome<void>>;
  /** Account settings' E-mail address section, signed in. */
  changeEmail(newEmail: string, password: string): Promise<Outcome<{ message: string }>>;
  /** The /confirm-email page. */
  confirmEmailChange(token: string): Promise<Outcome<{ message: string }>>;
  /** Signs in from another device, with a session of its own. */
  signInOnAnotherDevice(email: string, password: string): Promise<OtherDevice>;
}
