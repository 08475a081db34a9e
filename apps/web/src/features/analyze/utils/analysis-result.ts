import { z } from 'zod';
import {
  analysisResultSchema,
  citationSchema,
  sentimentSchema,
  type AnalysisResult,
  type CitedSection,
  type Citation,
} from '@civicwatch/core/contracts/index.ts';

/**
 * A result as the screens and the PDF report show it. Spec §3 allows a result stored as a JSON string and
 * analyses stored before citations and the extra metadata existed (DECISIONS "Analysis results"): those
 * read as empty lists and absent facts, never as a crash.
 */
export type DisplayResult = {
  summary: string;
  keyInsights: string[];
  constitutionalIssues: string[];
  citizenAction: string[];
  legalRisks: string[];
  sentiment: AnalysisResult['sentiment'] | null;
  metadata: Partial<AnalysisResult['metadata']>;
  citations: Citation[];
};

const strings = z.array(z.string()).catch([]);

const lenientResultSchema = z.object({
  summary: z.string().catch(''),
  keyInsights: strings,
  constitutionalIssues: strings,
  citizenAction: strings,
  legalRisks: strings,
  sentiment: sentimentSchema.nullable().catch(null),
  metadata: analysisResultSchema.shape.metadata.partial().catch({}),
  // One malformed citation drops only itself.
  citations: z
    .array(z.unknown())
    .catch([])
    .transform((items) => items.flatMap((item) => {
      const parsed = citationSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    })),
});

/** Reads a stored or freshly answered result; null when it is not a result at all. */
export function readAnalysisResult(raw: unknown): DisplayResult | null {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  return lenientResultSchema.parse(value);
}

/** The citations of one point: `index` is ignored for the summary, which is a single text. */
export function citationsOf(result: Pick<DisplayResult, 'citations'>, section: CitedSection, index = 0): Citation[] {
  return result.citations
    .filter((c) => c.section === section && (section === 'summary' || c.index === index))
    .sort((a, b) => a.page - b.page);
}

/** Confidence 0..1 as a whole percentage (spec §3). */
export function confidencePercent(confidence: number): string {
  return `${Math.round(Math.min(1, Math.max(0, confidence)) * 100)}%`;
}

const sentimentWords = ['Very negative', 'Negative', 'Neutral', 'Positive', 'Very positive'] as const;

/** 1 very negative for citizens … 5 very positive. */
export function sentimentLabel(rating: number): string {
  const index = Math.min(5, Math.max(1, Math.round(rating))) - 1;
  return sentimentWords[index]!;
}

/** Milliseconds as the user reads them: "850 ms", "2.4 s", "1 min 5 s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

export const analyzerLabels: Record<string, string> = {
  embedded: 'Embedded analyzer',
  openai: 'OpenAI',
  ollama: 'Ollama',
};
