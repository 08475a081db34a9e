import { z } from 'zod';
import { analysisTypeKeys, comparisonEntry } from './analysis-catalogue.ts';

/** One stored analysis as the dashboard lists it (docs/product/screens.md "Dashboard"). */
export const analysisTypeSchema = z.enum(analysisTypeKeys);
export type AnalysisType = z.infer<typeof analysisTypeSchema>;

/** What an entry of the history is: an analysis of one of the types above, or a comparison of two versions. */
export const storedAnalysisTypeSchema = z.enum([...analysisTypeKeys, comparisonEntry.key]);
export type StoredAnalysisType = z.infer<typeof storedAnalysisTypeSchema>;
