import type { Container } from 'inversify';
import {
  AdminPolicyToken, Clock, CreatePromo, DeletePromo, DeleteUser, FindUser, GetAdminStats, GetAdminTrends, GetPrompts,
  GrantAdminRoles, GrantCredits, IdGenerator, ListAuditLog, ListOutbox, ListPromos, ListUsers, PaymentGateway, RefundPayment,
  SetAdminRole, SetUserTier, UnitOfWork, UpdatePrompt, UpdateTier, VerifyUserEmail,
} from '@civicwatch/core';
import { bindClass } from './typed-bindings.ts';

/** What administrators do, in the admin pages and the command line: users, promo codes, plans, prompts, audit. */
export function bindAdminUseCases(container: Container): void {
  bindClass(container, GrantAdminRoles, [UnitOfWork, AdminPolicyToken]);
  bindClass(container, ListUsers, [UnitOfWork]);
  bindClass(container, FindUser, [UnitOfWork]);
  bindClass(container, DeleteUser, [UnitOfWork, PaymentGateway, AdminPolicyToken, Clock, IdGenerator]);
  bindClass(container, SetUserTier, [UnitOfWork, Clock, IdGenerator]);
  bindClass(container, GrantCredits, [UnitOfWork, Clock, IdGenerator]);
  bindClass(container, VerifyUserEmail, [UnitOfWork, AdminPolicyToken, Clock, IdGenerator]);
  bindClass(container, SetAdminRole, [UnitOfWork, AdminPolicyToken, Clock, IdGenerator]);
  bindClass(container, RefundPayment, [UnitOfWork, PaymentGateway, Clock, IdGenerator]);
  bindClass(container, CreatePromo, [UnitOfWork, Clock, IdGenerator]);
  bindClass(container, ListPromos, [UnitOfWork]);
  bindClass(container, DeletePromo, [UnitOfWork, Clock, IdGenerator]);
  bindClass(container, UpdateTier, [UnitOfWork, Clock, IdGenerator]);
  bindClass(container, GetPrompts, [UnitOfWork]);
  bindClass(container, UpdatePrompt, [UnitOfWork, Clock, IdGenerator]);
  bindClass(container, GetAdminStats, [UnitOfWork]);
  bindClass(container, GetAdminTrends, [UnitOfWork, Clock]);
  bindClass(container, ListAuditLog, [UnitOfWork]);
  bindClass(container, ListOutbox, [UnitOfWork]);
}
