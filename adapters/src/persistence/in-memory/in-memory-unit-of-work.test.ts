import { unitOfWorkContract } from '../unit-of-work.contract.ts';
import { sessionStoreContract } from '../session-store.contract.ts';
import { InMemoryUnitOfWork } from './in-memory-unit-of-work.ts';
import { InMemorySessionStore } from './in-memory-session-store.ts';

unitOfWorkContract('in-memory', async () => ({ uow: new InMemoryUnitOfWork(), dispose: async () => {} }));
sessionStoreContract('in-memory', async () => ({ store: new InMemorySessionStore(), dispose: async () => {} }));
