import { z } from 'zod';

/** One stored analysis as the dashboard lists it (spec §3 "Analysis (as displayed)"). */
export const analysisTypeSchema = z.enum(['summary', 'constitutional', 'custom']);
export type AnalysisType = z.infer<typeof analysisTypeSchema>;
