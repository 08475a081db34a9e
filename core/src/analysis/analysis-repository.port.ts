import type { StoredAnalysisType } from '../contracts/analysis-summary.contract.ts';
import type { ShareLink } from './share-link.ts';

/** A stored analysis: the result, title, type and counts; never the document's text or bytes (docs/product/accounts.md "Privacy promise"). */
export interface StoredAnalysis {
  id: string;
  userId: string;
  createdAt: Date;
  analysisType: StoredAnalysisType;
  document: { title: string; type: string };
  /**
   * ISO 639-1 code of the document's language, also in the result's metadata with its name; kept beside the
   * result so the database can be asked about it. Null (or left out) when undetermined.
   */
  language?: string | null;
  result: Record<string, unknown>;
  /** Its live public link (ADR 0010); null while it is not shared. */
  share: ShareLink | null;
}

/**
 * An analysis as the dashboard and the history list it: no result, only the start of its summary
 * (`summaryPreview`), so a list never reads nor sends the citations of results nobody opened (issue 19).
 */
export type ListedAnalysis = Omit<StoredAnalysis, 'result' | 'language'> & { summary: string };

export interface AnalysisOverview {
  recent: ListedAnalysis[];
  total: number;
  totalSince: number;
}

/** An analysis as it is first stored: never shared yet. */
export type NewAnalysis = Omit<StoredAnalysis, 'share'>;

export interface AnalysisSearch {
  userId: string;
  /** Matches the title anywhere, case-insensitively; % and _ are taken literally. */
  search?: string;
  offset: number;
  limit: number;
}

/**
 * A user's analyses. Every read and delete is scoped to the owner: another user's id, or a malformed one,
 * is simply not found.
 */
export interface AnalysisRepository {
  /** Stores a finished analysis: its result, title and type, never the document itself. */
  save(analysis: NewAnalysis): Promise<void>;
  /**
   * The dashboard's figures in one read (issue 19): the `limit` newest analyses as lists show them, newest
   * first, and how many the user has in all and since `since`.
   */
  overview(userId: string, limit: number, since: Date): Promise<AnalysisOverview>;
  /** How many analyses the user has, in all and since `since`. */
  count(userId: string, since?: Date): Promise<number>;
  /** Newest first, a page at a time, with the number of all matches. */
  list(query: AnalysisSearch): Promise<{ items: ListedAnalysis[]; total: number }>;
  get(userId: string, id: string): Promise<StoredAnalysis | null>;
  /** Every analysis of the user with its whole result, newest first (the data export). */
  all(userId: string): Promise<StoredAnalysis[]>;
  /** True when the user's analysis existed and is gone; its share link goes with it. */
  delete(userId: string, id: string): Promise<boolean>;
  /**
   * Shares the user's analysis under `link` unless it is shared already, and answers its live link: `link`,
   * or the one it already had (also when two requests race). Null when the user has no such analysis.
   */
  share(userId: string, id: string, link: ShareLink): Promise<ShareLink | null>;
  /** Turns the user's analysis's link off, if it has one; true when the user has that analysis. */
  unshare(userId: string, id: string): Promise<boolean>;
  /** The analysis that a live share token opens; null for a revoked, unknown or malformed token. */
  findShared(token: string): Promise<StoredAnalysis | null>;
}
