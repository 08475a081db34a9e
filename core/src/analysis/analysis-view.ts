import type { AnalysisListItem, AnalysisView } from '../contracts/dashboard.contract.ts';
import type { ShareLinkView, SharedAnalysis } from '../contracts/share.contract.ts';
import type { ListedAnalysis, StoredAnalysis } from './analysis-repository.port.ts';
import { shareUrl, type ShareLink } from './share-link.ts';

/** What the wire shows of any analysis to its owner; `publicUrl` (without a trailing slash) is where its share link points. */
const ownerFields = (analysis: ListedAnalysis | StoredAnalysis, publicUrl: string) => ({
  id: analysis.id,
  createdAt: analysis.createdAt.toISOString(),
  analysisType: analysis.analysisType,
  document: { title: analysis.document.title, type: analysis.document.type },
  shareUrl: analysis.share ? shareUrl(publicUrl, analysis.share.token) : null,
});

/** A listed analysis as the dashboard and the history show it: a summary-only result. */
export const toAnalysisListItem = (analysis: ListedAnalysis, publicUrl: string): AnalysisListItem =>
  ({ ...ownerFields(analysis, publicUrl), result: { summary: analysis.summary } });

/** One stored analysis with its whole result, as its owner opens or exports it. */
export const toAnalysisView = (analysis: StoredAnalysis, publicUrl: string): AnalysisView =>
  ({ ...ownerFields(analysis, publicUrl), result: analysis.result });

export const toShareLinkView = (link: ShareLink, publicUrl: string): ShareLinkView => ({
  url: shareUrl(publicUrl, link.token),
  token: link.token,
  sharedAt: link.sharedAt.toISOString(),
});

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * A comparison's result names both versions, by their file names unless titles were typed: a link shows neither,
 * as it shows no analysis's title (ADR 0010). Each title is left empty, so the result keeps its shape.
 */
function withoutVersionTitles(result: Record<string, unknown>): Record<string, unknown> {
  const { metadata } = result;
  if (!isRecord(metadata)) return result;
  const untitled = (version: unknown) => (isRecord(version) ? { ...version, title: '' } : version);
  return { ...result, metadata: { ...metadata, earlier: untitled(metadata.earlier), later: untitled(metadata.later) } };
}

/** A shared analysis as anyone with its link reads it: built field by field, so nothing of its owner can slip in. */
export const toSharedAnalysisView = (analysis: StoredAnalysis, link: ShareLink): SharedAnalysis => ({
  analysisType: analysis.analysisType,
  createdAt: analysis.createdAt.toISOString(),
  sharedAt: link.sharedAt.toISOString(),
  result: analysis.analysisType === 'comparison' ? withoutVersionTitles(analysis.result) : analysis.result,
});
