import type { Container } from 'inversify';
import {
  CancelSubscription, Clock, ConfirmPayment, GetBillingAccount, GetSubscription, HandlePaymentEvent, IdGenerator,
  ListSubscriptionTiers, MessageComposer, OpenBillingPortal, PaymentGateway, RedeemPromo, SetTierPriceIds, StartCheckout,
  UnitOfWork, ValidatePromo,
} from '@civicwatch/core';
import type { AppConfig } from '../config/config.ts';
import { AppConfigToken, bindClass, bindFactory } from './typed-bindings.ts';

/** Plans, promo codes and subscriptions through the payment provider. */
export function bindBillingUseCases(container: Container): void {
  bindClass(container, ListSubscriptionTiers, [UnitOfWork]);
  bindClass(container, SetTierPriceIds, [UnitOfWork]);
  bindClass(container, ValidatePromo, [UnitOfWork, Clock]);
  bindClass(container, RedeemPromo, [UnitOfWork, Clock]);
  bindFactory(container, StartCheckout,
    (uow: UnitOfWork, gateway: PaymentGateway | null, clock: Clock, ids: IdGenerator, messages: MessageComposer, config: AppConfig) =>
      new StartCheckout(uow, gateway, clock, ids, messages, { verifiedEmailRequired: config.verifiedEmailRequired }),
    [UnitOfWork, PaymentGateway, Clock, IdGenerator, MessageComposer, AppConfigToken]);
  bindClass(container, ConfirmPayment, [UnitOfWork, PaymentGateway, Clock, MessageComposer]);
  bindClass(container, HandlePaymentEvent, [UnitOfWork, PaymentGateway, Clock, MessageComposer]);
  bindClass(container, CancelSubscription, [UnitOfWork, PaymentGateway, Clock]);
  bindClass(container, GetSubscription, [UnitOfWork]);
  // The provider's portal sends the user back to account settings.
  bindFactory(container, OpenBillingPortal, (uow: UnitOfWork, gateway: PaymentGateway | null, config: AppConfig) =>
    new OpenBillingPortal(uow, gateway, `${config.publicUrl}/account`), [UnitOfWork, PaymentGateway, AppConfigToken]);
  bindClass(container, GetBillingAccount, [UnitOfWork, PaymentGateway]);
}
