import { AccountTokenEntity } from './account-token.entity.ts';
import { AnalysisEntity } from './analysis.entity.ts';
import { AnalysisProgressEntity } from './analysis-progress.entity.ts';
import { AuditLogEntryEntity } from './audit-log-entry.entity.ts';
import { BillingCustomerEntity, PaymentEntity, PaymentEventEntity, SubscriptionEntity } from './billing.entity.ts';
import { CreditLedgerEntryEntity } from './credit-ledger-entry.entity.ts';
import { OutboxMessageEntity } from './outbox-message.entity.ts';
import { ConfiguredAdminEntity } from './configured-admin.entity.ts';
import { PendingAnalysisEntity } from './pending-analysis.entity.ts';
import { PromoCodeEntity } from './promo-code.entity.ts';
import { PromoRedemptionEntity } from './promo-redemption.entity.ts';
import { SessionEntity } from './session.entity.ts';
import { RateLimitEntity } from './rate-limit.entity.ts';
import { ReferenceDataVersionEntity } from './reference-data-version.entity.ts';
import { SettingEntity } from './setting.entity.ts';
import { SubscriptionTierEntity } from './subscription-tier.entity.ts';
import { UserEntity } from './user.entity.ts';

export { AccountTokenEntity, AnalysisEntity, AnalysisProgressEntity, AuditLogEntryEntity, BillingCustomerEntity, PaymentEntity, PaymentEventEntity, SubscriptionEntity, CreditLedgerEntryEntity, PendingAnalysisEntity, PromoCodeEntity, PromoRedemptionEntity, SessionEntity, RateLimitEntity, ReferenceDataVersionEntity, SettingEntity, SubscriptionTierEntity, UserEntity, OutboxMessageEntity, ConfiguredAdminEntity };

/** Every entity the ORM knows; the tables themselves come from the migrations, never from schema:update. */
export const entities = [SubscriptionTierEntity, UserEntity, CreditLedgerEntryEntity, SettingEntity, AnalysisEntity, PendingAnalysisEntity, AnalysisProgressEntity, PromoCodeEntity, PromoRedemptionEntity, SessionEntity, RateLimitEntity, BillingCustomerEntity, SubscriptionEntity, PaymentEntity, PaymentEventEntity, AuditLogEntryEntity, OutboxMessageEntity, ConfiguredAdminEntity, AccountTokenEntity, ReferenceDataVersionEntity];
