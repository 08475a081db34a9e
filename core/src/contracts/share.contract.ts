import { z } from 'zod';
import { storedAnalysisTypeSchema } from './analysis-summary.contract.ts';

/** A revoked, unknown or mistyped share link: the API's message and the shared page's Not Found heading. */
export const SHARE_NOT_FOUND_MESSAGE = 'This analysis is no longer shared';

/** POST /api/analyses/{id}/share: the analysis's live public link, the same one until it is revoked. */
export const shareLinkSchema = z.object({
  /** Absolute, under the server's PUBLIC_URL: the page /shared/{token}. */
  url: z.url(),
  token: z.string(),
  sharedAt: z.iso.datetime(),
}).meta({ id: 'ShareLink', description: "An analysis's live public link" });
export type ShareLinkView = z.infer<typeof shareLinkSchema>;

export const sharedAnalysisParamsSchema = z.object({ token: z.string() });

/**
 * GET /api/shared/{token}: one analysis as anyone with the link reads it. Nothing of its owner: no user id,
 * e-mail, name or credits, and no document title, which is the uploaded file's name unless one was typed
 * (ADR 0010). The result is the analysis's own (findings, sentiment, metadata, citations).
 */
export const sharedAnalysisSchema = z.object({
  analysisType: storedAnalysisTypeSchema,
  createdAt: z.iso.datetime(),
  sharedAt: z.iso.datetime(),
  result: z.record(z.string(), z.unknown()),
}).meta({ id: 'SharedAnalysis', description: 'A shared analysis as anyone with its link reads it, without anything of its owner' });
export type SharedAnalysis = z.infer<typeof sharedAnalysisSchema>;
