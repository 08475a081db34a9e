import { describe, expect, it } from 'vitest';
import { analyzerDraftSchema } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import type { AnalysisRequest } from '@civicwatch/core/analysis/document-analyzer.port.ts';
import { groundCitations } from '@civicwatch/core/analysis/grounding.ts';
import { EMBEDDED_MODEL, EmbeddedDocumentAnalyzer } from './embedded-document-analyzer.ts';

const ORDINANCE = [
  'ORDINANCE NO. 2021-07\nAN ORDINANCE REGULATING SIDEWALK CAFES\n' +
    'WHEREAS, the City Council finds that sidewalk cafes add to the life of downtown streets; and\n' +
    'NOW, THEREFORE, BE IT ORDAINED by the City Council that every sidewalk cafe shall obtain an annual permit.\n' +
    'The annual permit fee is $250, payable to the City Clerk no later than January 31, 2022.\n',
  'No person shall operate a sidewalk cafe without a permit. A violation is punishable by a fine of up to $500 for each day.\n' +
    'The police department is authorized to inspect any cafe and to seize furniture placed on the sidewalk without a permit.\n' +
    'The City Council will hold a public hearing on this ordinance on March 3, 2022 at 7:00 p.m. in the Council Chambers.\n' +
    'Written comments may be sent to clerk@springfield.gov or by phone at (217) 555-0142.\n',
];

const request = (overrides: Partial<AnalysisRequest> = {}): AnalysisRequest => ({
  pages: ORDINANCE.map((text, i) => ({ number: i + 1, text, ocr: false })),
  title: 'Sidewalk cafe ordinance',
  analysisType: 'constitutional',
  jurisdiction: { country: 'US', state: null },
  customFocus: null,
  prompt: 'ignored: the embedded analyzer reads no prompt',
  ...overrides,
});

const analyze = async (overrides: Partial<AnalysisRequest> = {}) => {
  const result = await new EmbeddedDocumentAnalyzer().analyze(request(overrides));
  if (!result.ok) throw new Error(result.error.code);
  return result.value;
};

describe('EmbeddedDocumentAnalyzer', () => {
  it('says it is extractive and uses no prompt', async () => {
    const output = await analyze();
    expect(output).toMatchObject({ analyzer: 'embedded', model: EMBEDDED_MODEL, promptVersion: null });
    expect(analyzerDraftSchema.safeParse(output.draft).success).toBe(true);
  });

  it('summarises with the document’s own sentences, operative part first', async () => {
    const { draft } = await analyze();
    expect(draft.summary).toContain('every sidewalk cafe shall obtain an annual permit');
    const pageText = ORDINANCE.join(' ').replace(/\s+/g, ' ');
    for (const sentence of draft.summary.split(/(?<=\.)\s+(?=[A-Z])/)) expect(pageText).toContain(sentence);
  });

  it('finds money, deadlines, penalties, powers, constitutional issues and actions, each cited on its page', async () => {
    const { draft } = await analyze();
    expect(draft.keyInsights.join('\n')).toMatch(/\$250/);
    expect(draft.legalRisks.join('\n')).toMatch(/^Penalties: .*\$500/m);
    expect(draft.legalRisks.join('\n')).toMatch(/^Restrictions: No person shall operate/m);
    expect(draft.constitutionalIssues.some((i) => i.startsWith('Fourth Amendment:'))).toBe(true);
    const actions = draft.citizenAction.join('\n');
    expect(actions).toMatch(/hearing/);
    expect(actions).toMatch(/clerk@springfield\.gov/);
    const fourth = draft.constitutionalIssues.findIndex((i) => i.startsWith('Fourth Amendment:'));
    expect(draft.citations.find((c) => c.section === 'constitutionalIssues' && c.index === fourth)?.page).toBe(2);
  });

  it('gives citations that the grounding step verifies, all of them', async () => {
    const { draft } = await analyze();
    const grounded = groundCitations(draft, request().pages);
    expect(grounded).toHaveLength(draft.citations.length);
    expect(grounded.every((c) => c.verified)).toBe(true);
  });

  it('steers towards a custom focus', async () => {
    const { draft } = await analyze({ analysisType: 'custom', customFocus: 'police inspections and seizure of furniture' });
    expect(draft.keyInsights[0]).toMatch(/^On your focus: .*inspect/);
  });

  it('handles a 50-character text, a non-English text and OCR garbage without failing', async () => {
    for (const text of [
      'The board meets Monday at 6 pm in the town hall.',
      'Der Gemeinderat beschließt den Haushalt 2021. Die Grundsteuer steigt um zwei Prozent. Einwände sind bis zum 3. März möglich.',
      'l1I| ~~ ;;: Xq7 0O0 rn1 ,,.. qzx vvv ||| ### ~ ~ Tl~e B0ard rnet',
    ]) {
      const { draft } = await analyze({ pages: [{ number: 1, text, ocr: true }] });
      expect(analyzerDraftSchema.safeParse(draft).success).toBe(true);
      expect(draft.summary.length).toBeGreaterThan(0);
      expect(draft.citations.every((c) => c.page === 1 && c.quote.length > 0)).toBe(true);
      expect(groundCitations(draft, [{ number: 1, text, ocr: true }]).every((c) => c.verified)).toBe(true);
    }
  });

  it('keeps quotes to a span of at most 300 characters of a long sentence', async () => {
    const long = `The Board shall ${'review and approve the annual budget of every department, '.repeat(12)}before June 30, 2022.`;
    const { draft } = await analyze({ pages: [{ number: 1, text: long, ocr: false }] });
    expect(draft.citations.every((c) => c.quote.length <= 300)).toBe(true);
    expect(groundCitations(draft, [{ number: 1, text: long, ocr: false }]).every((c) => c.verified)).toBe(true);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(new EmbeddedDocumentAnalyzer().analyze(request(), { signal: controller.signal })).rejects.toThrow('gone');
  });
});
