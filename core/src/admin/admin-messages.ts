import { domainError, type DomainError } from '../shared/domain-error.ts';

export const adminMessages = {
  userNotFound: 'No such user',
  cannotDeleteAdmin: 'Administrators cannot be deleted; revoke the admin role first',
  cannotDeleteMainAdmin: 'The main administrator cannot be deleted',
  cannotRevokeConfigured: 'This account is named by ADMIN_EMAILS: remove it there to revoke its admin role',
  configuredUnverified: (email: string) =>
    `This account is named by ADMIN_EMAILS: it becomes an administrator once its e-mail address is verified, by its e-mail link or civicwatch users verify ${email}`,
  paidPromptPlaceholders: 'The paid prompt must contain {{STATE}} and {{COUNTRY}}',
  balanceBelowZero: (credits: number) => `A balance cannot go below zero: this user has ${credits} credit${credits === 1 ? '' : 's'}`,
  noRefundablePayment: 'This user has no payment to refund',
  refundTooLarge: (dollars: string) => `A refund cannot be more than was paid: at most $${dollars} can be refunded on this user's latest payment`,
} as const;

export const userNotFound = (): DomainError => domainError('user.not_found', adminMessages.userNotFound);
