// Core's test doubles, for tests only (`@civicwatch/core/testing`): dependency-cruiser's no-testing-in-production
// rule keeps every production module from importing this folder (ADR 0031).
export * from './fakes.ts';
export * from './billing-fixtures.ts';
export * from './drafts.ts';
export { InMemoryUnitOfWork, type InMemoryUnitOfWorkOptions } from './in-memory/in-memory-unit-of-work.ts';
