// Persistence for the composition root. Test helpers live in ./testing and the contract suites in ./contract
// (beside the adapters for the other stores); neither is exported here so that production code never loads vitest.
export { openDatabase, type DatabaseConfig, type DatabaseHandle, type DatabaseHealth, type OpenDatabaseOptions } from './open-database.ts';
export type { DatabaseLogger } from './database-logger.ts';
export { MikroOrmUnitOfWork, createMikroOrmRepositories, type PersistenceRepositories } from './mikro-orm-unit-of-work.ts';
export { MikroOrmUserRepository } from './mikro-orm-user-repository.ts';
export { MikroOrmCreditLedger } from './mikro-orm-credit-ledger.ts';
export { MikroOrmSubscriptionTierRepository } from './mikro-orm-subscription-tier-repository.ts';
export { MikroOrmSettingRepository } from './mikro-orm-setting-repository.ts';
export { MikroOrmAnalysisRepository } from './mikro-orm-analysis-repository.ts';
export { MikroOrmPendingAnalysisRepository } from './mikro-orm-pending-analysis-repository.ts';
export { MikroOrmPromoCodeRepository } from './mikro-orm-promo-code-repository.ts';
export { PostgresSessionStore, type PostgresSessionStoreOptions, type StoredSessionData } from './postgres-session-store.ts';
