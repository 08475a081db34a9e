import { z } from 'zod';
import { analysisOptionsSchema, type AnalysisOptions, type AnalysisType } from '@civicwatch/core/contracts/index.ts';
import type { DocumentSource } from '../api/analyze-document.ts';
import type { SourceTab } from '../components/document-source-tabs.tsx';

/** The Analyze page's form as it holds it: the options chosen and the document, a PDF or pasted text with a title. */
export type AnalyzeFormValues = {
  country: string;
  /** '' for all states (a federal analysis). */
  state: string;
  analysisType: AnalysisType;
  customPrompt: string;
  source: SourceTab;
  file: File | null;
  text: string;
  title: string;
};

/** Where the form starts: the user's own state when it is one of the list, the constitutional check. */
export const emptyAnalyzeForm = (home: { country: string | null; state: string | null }, usStateCodes: ReadonlySet<string>): AnalyzeFormValues => ({
  country: 'US',
  state: home.country === 'US' && home.state && usStateCodes.has(home.state) ? home.state : '',
  analysisType: 'constitutional',
  customPrompt: '',
  source: 'upload',
  file: null,
  text: '',
  title: '',
});

/** What the form sends: the options, checked by the analysis contract (analysisOptionsSchema), and the document chosen. */
export type AnalyzeFormOutput = { options: AnalysisOptions; source: DocumentSource };

/**
 * The form's values as the API takes them. The options are the contract's own schema, so the page and the server
 * refuse alike (STYLE "One source of validation truth"); a state is sent only by a paying user in the United States,
 * a focus only with a custom analysis. The document is the tab's, or, when that tab is empty, the other one.
 */
export const analyzeFormSchema = (paid: boolean) =>
  z
    .object({
      country: z.string(),
      state: z.string(),
      analysisType: z.custom<AnalysisType>((value) => typeof value === 'string'),
      customPrompt: z.string(),
      source: z.enum(['upload', 'text']),
      file: z.custom<File>((value) => value instanceof File).nullable(),
      text: z.string(),
      title: z.string(),
    })
    .transform((draft, ctx): AnalyzeFormOutput => {
      const options = analysisOptionsSchema.safeParse({
        analysisType: draft.analysisType,
        country: draft.country,
        state: paid && draft.country === 'US' ? draft.state : undefined,
        customPrompt: draft.analysisType === 'custom' ? draft.customPrompt : undefined,
      });
      // Each refusal under the field it concerns.
      if (!options.success) for (const issue of options.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      const fromText: DocumentSource | null = draft.text.trim() ? { kind: 'text', text: draft.text, title: draft.title } : null;
      const fromFile: DocumentSource | null = draft.file ? { kind: 'file', file: draft.file } : null;
      const source = draft.source === 'text' ? (fromText ?? fromFile) : (fromFile ?? fromText);
      // The button is enabled only with a document: nothing to say here when there is none.
      if (!source) ctx.addIssue({ code: 'custom', message: 'Choose a PDF or paste the text to analyze', path: [draft.source === 'text' ? 'text' : 'file'] });
      return options.success && source ? { options: options.data, source } : z.NEVER;
    });
