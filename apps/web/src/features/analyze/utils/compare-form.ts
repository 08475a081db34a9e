import { z } from 'zod';
import { MAX_TEXT_CHARACTERS, compareUploadFieldsSchema, missingVersionMessage, type VersionSide } from '@civicwatch/core/contracts/index.ts';
import type { VersionSource } from '../api/compare-versions.ts';
import type { SourceTab } from '../components/document-source-tabs.tsx';

/** One version as the Compare page's form holds it: the tab shown, the PDF chosen, the text pasted, the title typed. */
export type VersionDraft = { source: SourceTab; file: File | null; text: string; title: string };
export type CompareFormValues = Record<VersionSide, VersionDraft>;

export const emptyVersion = (): VersionDraft => ({ source: 'upload', file: null, text: '', title: '' });
export const emptyCompareForm = (): CompareFormValues => ({ earlier: emptyVersion(), later: emptyVersion() });

/** The compare contract's rule for a version's title, on the string its field holds: blank is no title. */
const titleField = z.string().transform((value, ctx) => {
  const parsed = compareUploadFieldsSchema.shape.beforeTitle.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
  return z.NEVER;
});

/**
 * A version's draft as it is sent: the document of the tab shown, or, when that tab is empty, the other one (as the
 * Analyze page does); its title checked by the compare contract's own rule (compareUploadFieldsSchema).
 */
const versionSchema = (side: VersionSide) =>
  z
    .object({
      source: z.enum(['upload', 'text']),
      file: z.custom<File>((value) => value instanceof File).nullable(),
      text: z.string().max(MAX_TEXT_CHARACTERS, { message: `The text can be at most ${MAX_TEXT_CHARACTERS.toLocaleString('en-US')} characters` }),
      title: titleField,
    })
    .transform((draft, ctx): VersionSource => {
      const fromText: VersionSource | null = draft.text.trim() ? { kind: 'text', text: draft.text, title: draft.title } : null;
      const fromFile: VersionSource | null = draft.file ? { kind: 'file', file: draft.file, title: draft.title } : null;
      const chosen = draft.source === 'text' ? (fromText ?? fromFile) : (fromFile ?? fromText);
      if (chosen) return chosen;
      // Said where the user looks: under the drop zone, or under the empty text area.
      ctx.addIssue({ code: 'custom', message: missingVersionMessage(side), path: [draft.source === 'text' ? 'text' : 'file'] });
      return z.NEVER;
    });

/** The Compare page's form: the earlier and the later version, each a PDF or pasted text. */
export const compareFormSchema = z.object({ earlier: versionSchema('earlier'), later: versionSchema('later') });
export type CompareFormOutput = z.output<typeof compareFormSchema>;
