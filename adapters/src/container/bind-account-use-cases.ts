import type { Container } from 'inversify';
import {
  AccountLinks, AdminPolicyToken, ChangePassword, Clock, ConfirmEmailChange, DeleteAccount, ExportAccount, GetCurrentUser,
  GetDashboard, GiveUpMail, IdGenerator, ListCreditHistory, LogIn, MessageComposer, PasswordHasher, PaymentGateway, RegisterUser,
  RequestEmailChange, RequestPasswordReset, ResetPassword, SendEmailVerification, TokenGenerator, TokenHasher, TokenSigner,
  UnitOfWork, Unsubscribe, UpdateEmailPreferences, UpdateProfile, VerifyEmail,
} from '@civicwatch/core';
import type { AppConfig } from '../config/config.ts';
import { AppConfigToken, bindClass, bindFactory } from './typed-bindings.ts';

/** A member's own account: signing up and in, its links and e-mails, its profile, data and deletion. */
export function bindAccountUseCases(container: Container): void {
  bindFactory(container, MessageComposer, (signer: TokenSigner, config: AppConfig, clock: Clock, ids: IdGenerator) =>
    new MessageComposer(signer, config.publicUrl, clock, ids), [TokenSigner, AppConfigToken, Clock, IdGenerator]);
  bindClass(container, AccountLinks, [TokenGenerator, TokenHasher, Clock, IdGenerator]);
  bindClass(container, RegisterUser, [UnitOfWork, PasswordHasher, Clock, IdGenerator, MessageComposer, AccountLinks]);
  bindClass(container, RequestPasswordReset, [UnitOfWork, AccountLinks, MessageComposer]);
  bindClass(container, ResetPassword, [UnitOfWork, PasswordHasher, AccountLinks, Clock, MessageComposer, AdminPolicyToken]);
  bindClass(container, SendEmailVerification, [UnitOfWork, AccountLinks, MessageComposer]);
  bindClass(container, VerifyEmail, [UnitOfWork, AccountLinks, Clock, AdminPolicyToken]);
  bindClass(container, ChangePassword, [UnitOfWork, PasswordHasher, Clock, MessageComposer]);
  bindClass(container, RequestEmailChange, [UnitOfWork, PasswordHasher, AccountLinks, MessageComposer]);
  bindClass(container, ConfirmEmailChange, [UnitOfWork, AccountLinks, Clock, AdminPolicyToken]);
  bindClass(container, LogIn, [UnitOfWork, PasswordHasher]);
  bindClass(container, GetCurrentUser, [UnitOfWork]);
  bindClass(container, UpdateProfile, [UnitOfWork, Clock]);
  bindClass(container, GetDashboard, [UnitOfWork, Clock]);
  bindClass(container, Unsubscribe, [UnitOfWork, TokenSigner, Clock]);
  // The mail worker's last word on a message it could not deliver (ADR 0028).
  bindClass(container, GiveUpMail, [UnitOfWork, Clock]);
  bindClass(container, UpdateEmailPreferences, [UnitOfWork, Clock]);
  bindClass(container, ListCreditHistory, [UnitOfWork]);
  bindClass(container, ExportAccount, [UnitOfWork, Clock]);
  bindClass(container, DeleteAccount, [UnitOfWork, PasswordHasher, PaymentGateway, AdminPolicyToken]);
}
