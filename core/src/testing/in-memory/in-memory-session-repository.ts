import type { SessionRepository } from '../../accounts/session-repository.port.ts';
import type { InMemoryDatabase } from './in-memory-database.ts';

export class InMemorySessionRepository implements SessionRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  async endSessionsOf(userId: string, keep?: string): Promise<number> {
    let ended = 0;
    for (const [sid, owner] of this.db.state.sessions) {
      if (owner === userId && sid !== keep) {
        this.db.state.sessions.delete(sid);
        ended++;
      }
    }
    return ended;
  }
}
