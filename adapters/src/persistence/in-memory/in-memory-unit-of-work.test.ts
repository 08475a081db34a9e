import { unitOfWorkContract } from '../contract/unit-of-work.contract.ts';
import { sessionStoreContract } from '../session-store.contract.ts';
import { InMemoryUnitOfWork } from './in-memory-unit-of-work.ts';
import { InMemorySessionStore } from './in-memory-session-store.ts';

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
