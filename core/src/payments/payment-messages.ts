import { PAYMENTS_NOT_CONFIGURED_MESSAGE } from '../contracts/payments.contract.ts';
import { domainError, type DomainError } from '../shared/domain-error.ts';

/** The user-facing refusals of the payment use cases. */
export const paymentMessages = {
  notConfigured: PAYMENTS_NOT_CONFIGURED_MESSAGE,
  paymentNotFound: 'No such payment was found for your account',
  notCompleted: 'The payment has not gone through',
  invoiceMismatch: 'The payment does not match its invoice',
  noSubscription: 'You have no paid subscription to cancel',
  noBillingAccount: 'You have no invoices or saved card yet: they appear here after your first payment.',
  emailUnverified: 'Please verify your e-mail address before subscribing.',
  tierUnavailable: (name: string) => `The ${name} plan cannot be bought on this server`,
  alreadySubscribed: (name: string) => `You are already subscribed to the ${name} plan`,
  amountMismatch: (name: string, dollars: number) => `The ${name} plan costs $${dollars} for this checkout; the amount sent does not match`,
} as const;

export const paymentsNotConfigured = (): DomainError => domainError('payments.not_configured', paymentMessages.notConfigured);
export const paymentNotFound = (): DomainError => domainError('payment.not_found', paymentMessages.paymentNotFound);
export const noBillingAccount = (): DomainError => domainError('billing.no_customer', paymentMessages.noBillingAccount);
