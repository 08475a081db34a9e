/** Confidence 0..1 as a whole percentage (docs/product/analysis.md "Result fields"). */
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
