import type { PendingAnalysis, PendingAnalysisRepository } from '../../analysis/pending-analysis-repository.port.ts';
import { copy, type InMemoryDatabase } from './in-memory-database.ts';

export class InMemoryPendingAnalysisRepository implements PendingAnalysisRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  async insert(pending: PendingAnalysis): Promise<void> {
    if (!this.db.state.users.has(pending.userId)) throw new Error(`Unknown user ${pending.userId}`);
    if (this.db.state.pendingAnalyses.some((p) => p.id === pending.id)) throw new Error(`Duplicate pending analysis ${pending.id}`);
    this.db.state.pendingAnalyses.push(copy(pending));
  }

  async find(id: string): Promise<PendingAnalysis | null> {
    const found = this.db.state.pendingAnalyses.find((p) => p.id === id);
    return found ? copy(found) : null;
  }

  async delete(id: string): Promise<boolean> {
    const before = this.db.state.pendingAnalyses.length;
    this.db.state.pendingAnalyses = this.db.state.pendingAnalyses.filter((p) => p.id !== id);
    return this.db.state.pendingAnalyses.length < before;
  }

  async list(): Promise<PendingAnalysis[]> {
    return [...this.db.state.pendingAnalyses].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map(copy);
  }

  async idOfProgress(userId: string, progressId: string): Promise<string | null> {
    return this.db.state.pendingAnalyses.find((p) => p.userId === userId && p.progressId === progressId)?.id ?? null;
  }
}
