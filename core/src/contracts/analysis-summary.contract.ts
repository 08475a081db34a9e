import { z } from 'zod';
import { analysisTypeKeys } from './analysis-catalogue.ts';

/** One stored analysis as the dashboard lists it (spec §3 "Analysis (as displayed)"). */
export const analysisTypeSchema = z.enum(analysisTypeKeys);
export type AnalysisType = z.infer<typeof analysisTypeSchema>;
