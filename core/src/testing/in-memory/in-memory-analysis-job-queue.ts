import type { AnalysisJob, AnalysisJobQueue } from '../../analysis/analysis-jobs.port.ts';
import { copy, type InMemoryDatabase } from './in-memory-database.ts';

export class InMemoryAnalysisJobQueue implements AnalysisJobQueue {
  constructor(private readonly db: InMemoryDatabase) {}

  async enqueue(job: AnalysisJob): Promise<void> {
    this.db.state.analysisJobs.push(copy(job));
  }

  async cancel(analysisId: string): Promise<void> {
    this.db.state.analysisJobs = this.db.state.analysisJobs.filter((job) => job.analysisId !== analysisId);
  }
}
