import { InMemoryUnitOfWork } from '@civicwatch/core/testing';
import { unitOfWorkContract } from './contract/unit-of-work.contract.ts';
import { sessionStoreContract } from './session-store.contract.ts';
import { InMemorySessionStore } from './testing/in-memory-session-store.ts';

// Core's in-memory unit of work owes core what the database adapters owe it: the same contract suites.
unitOfWorkContract('in-memory', async () => {
  const uow = new InMemoryUnitOfWork();
  return {
    uow,
    openSession: async (sid, userId) => void uow.state.sessions.set(sid, userId),
    hasSession: async (sid) => uow.state.sessions.has(sid),
    dispose: async () => {},
  };
});
sessionStoreContract('in-memory', async () => {
  const uow = new InMemoryUnitOfWork();
  const accountOf = (userId: string) => uow.read((r) => r.users.findById(userId));
  return { store: new InMemorySessionStore({ accountOf }), uow, dispose: async () => {} };
});
