import {
  comparisonResultSchema,
  documentKindLabel,
  languageLabel,
  type ComparedDocument,
  type ComparisonResult,
} from '@civicwatch/core/contracts/index.ts';

/**
 * Reads a stored or freshly answered comparison (an object, or a JSON string, as results are stored); null when it
 * is not one. Unlike an analysis, a comparison has had its whole shape since it first existed: nothing to forgive.
 */
export function readComparisonResult(raw: unknown): ComparisonResult | null {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  const parsed = comparisonResultSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** What was read of one version, as the result view and the report list it: pages, OCR pages, kind and language. */
export function comparedDocumentFacts(compared: ComparedDocument): Array<{ label: string; value: string }> {
  return [
    { label: 'Pages', value: compared.pages.toLocaleString('en-US') },
    { label: 'OCR pages', value: compared.ocrPages.length === 0 ? 'None' : compared.ocrPages.join(', ') },
    { label: 'Document kind', value: documentKindLabel(compared.documentKind) },
    { label: 'Language', value: languageLabel(compared.language) },
  ];
}
