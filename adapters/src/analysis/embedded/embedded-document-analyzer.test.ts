import { describe, expect, it } from 'vitest';
import { analyzerDraftSchema } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import type { AnalysisRequest } from '@civicwatch/core/analysis/document-analyzer.port.ts';
import { groundCitations, groundFacts } from '@civicwatch/core/analysis/grounding.ts';
import { civicPassages } from '../language/civic-passages.fixture.ts';
import { RuleBasedFactFinder } from '../understanding/rule-based-fact-finder.ts';
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

const ordinancePages = ORDINANCE.map((text, i) => ({ number: i + 1, text, ocr: false }));
const finder = new RuleBasedFactFinder();

/** A request as the use case makes it: the pages with what the rule-based finder understood of them. */
const request = (overrides: Partial<AnalysisRequest> = {}): Promise<AnalysisRequest> => understood({
  pages: ordinancePages,
  title: 'Sidewalk cafe ordinance',
  analysisType: 'constitutional',
  jurisdiction: { country: 'US', state: null },
  customFocus: null,
  prompt: 'ignored: the embedded analyzer reads no prompt',
  language: { code: 'en', name: 'English' },
  ...overrides,
});

/** As the use case gives it: only the facts whose quote is on their page. */
const groundedUnderstanding = async (pages: AnalysisRequest['pages'], language: AnalysisRequest['language']) => {
  const found = await finder.understand(pages, language);
  return { ...found, facts: groundFacts(found.facts, pages) };
};

const understood = async (partial: Omit<AnalysisRequest, 'understanding'> & Partial<Pick<AnalysisRequest, 'understanding'>>): Promise<AnalysisRequest> => ({
  ...partial,
  understanding: partial.understanding ?? (await groundedUnderstanding(partial.pages, partial.language)),
});

const analyze = async (overrides: Partial<AnalysisRequest> = {}) => {
  const result = await new EmbeddedDocumentAnalyzer().analyze(await request(overrides));
  if (!result.ok) throw new Error(result.error.code);
  return result.value;
};

describe('EmbeddedDocumentAnalyzer', () => {
  it('says it is extractive and uses no prompt', async () => {
    const output = await analyze();
    expect(output).toMatchObject({ analyzer: 'embedded', model: EMBEDDED_MODEL, promptVersion: null });
    expect(analyzerDraftSchema.safeParse(output.draft).success).toBe(true);
  });

  it('composes its summary from the facts in plain words, what is decided first, then one sentence of the document, in 120 words at most', async () => {
    const { draft } = await analyze();
    expect(draft.summary).toMatch(/^The City Council orders that every sidewalk cafe must obtain an annual permit\. The City Council sets an annual permit fee of \$250\./);
    expect(draft.summary).toContain('a fine of up to $500');
    expect(draft.summary.split(/\s+/).length).toBeLessThanOrEqual(120);
    expect(draft.summary).not.toMatch(/WHEREAS|shall/);
    const summaryQuotes = draft.citations.filter((c) => c.section === 'summary');
    expect(summaryQuotes.length).toBeGreaterThanOrEqual(4);
    expect(groundCitations(draft, ordinancePages).every((c) => c.verified)).toBe(true);
  });

  it('says honestly what a document without facts is, inventing none', async () => {
    const pages = [{ number: 1, text: 'County of Springfield\nApplication form\nName: ____________\nAddress: ____________\nSignature: ____________\n', ocr: false }];
    const { draft } = await analyze({ pages, understanding: { kind: null, date: null, facts: [] } });
    expect(draft.summary).toMatch(/^This is a document of 1 page; no decision, amount or deadline was found in it\./);
    expect(draft.summary).not.toMatch(/\$9|_{3}/);
  });

  it('finds money, deadlines, penalties, powers, constitutional issues and actions, each cited on its page', async () => {
    const { draft } = await analyze();
    expect(draft.summary).toMatch(/\$250/);
    expect(draft.legalRisks.join('\n')).toMatch(/^Penalty: .*\$500/m);
    expect(draft.constitutionalIssues.some((i) => i.startsWith('Fourth Amendment:'))).toBe(true);
    const actions = draft.citizenAction.join('\n');
    expect(actions).toMatch(/hearing/);
    expect(actions).toMatch(/clerk@springfield\.gov/);
    const fourth = draft.constitutionalIssues.findIndex((i) => i.startsWith('Fourth Amendment:'));
    expect(draft.citations.find((c) => c.section === 'constitutionalIssues' && c.index === fourth)?.page).toBe(2);
  });

  it('gives citations that the grounding step verifies, all of them', async () => {
    const { draft } = await analyze();
    const grounded = groundCitations(draft, ordinancePages);
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

  it('says plainly that it is built for English when the document is in Spanish, and still analyses it', async () => {
    const pages = [{ number: 1, text: civicPassages.es, ocr: false }];
    const output = await analyze({ pages, language: { code: 'es', name: 'Spanish' } });
    expect(output.warnings).toEqual([
      'This document appears to be in Spanish. The built-in analyzer is designed for English, so its summary, findings and sentiment rating may be less reliable.',
    ]);
    expect(output.draft.summary).toMatch(/^This is an? [a-z ]+ of 1 page; no decision, amount or deadline was found in it\. \p{Lu}/u);
    expect(groundCitations(output.draft, pages).every((c) => c.verified)).toBe(true);
  });

  it('says, naming the state a paying citizen chose, that it checked the US Constitution only', async () => {
    const output = await analyze({ jurisdiction: { country: 'US', state: 'IL' } });
    expect(output.warnings).toEqual([
      'This analysis checked the document against the US Constitution only. Checking it against Illinois law needs a ' +
        'language-model analyzer, which this server does not have.',
    ]);
    // The analysis itself is the same: the warning says what is missing, it does not replace anything.
    expect(output.draft).toEqual((await analyze()).draft);
  });

  it('says so for a country other than the United States too, before any warning on the language', async () => {
    const pages = [{ number: 1, text: civicPassages.es, ocr: false }];
    const output = await analyze({ pages, jurisdiction: { country: 'ES', state: null }, language: { code: 'es', name: 'Spanish' } });
    expect(output.warnings).toHaveLength(2);
    expect(output.warnings?.[0]).toContain('Checking it against the law of the country you chose (Spain) needs a language-model analyzer');
    expect(output.warnings?.[1]).toContain('This document appears to be in Spanish.');
  });

  it('warns about nothing on an English document, or when the language could not be told', async () => {
    expect((await analyze()).warnings).toEqual([]);
    expect((await analyze({ language: null })).warnings).toEqual([]);
  });

  it('keeps quotes to a span of at most 300 characters of a long sentence', async () => {
    const long = `The Board shall ${'review and approve the annual budget of every department, '.repeat(12)}before June 30, 2022.`;
    const { draft } = await analyze({ pages: [{ number: 1, text: long, ocr: false }] });
    expect(draft.citations.every((c) => c.quote.length <= 300)).toBe(true);
    expect(groundCitations(draft, [{ number: 1, text: long, ocr: false }]).every((c) => c.verified)).toBe(true);
  });

  it('analyses 66 pages of minutes-like text in seconds, without page furniture in its summary', { timeout: 60_000 }, async () => {
    const page = (n: number) =>
      `WARRENVILLE PUBLIC LIBRARY DISTRICT\nBoard of Trustees Meeting Packet\n` +
      `${n}. The Board reviewed invoice ${n} of $${(n * 137).toLocaleString('en-US')} for building repairs and voted to approve the payment.\n` +
      `Trustee comments were received on the fiscal year 2019 budget, and the public hearing is set for September ${(n % 28) + 1}, 2018 at 7:00 p.m.\n`.repeat(12) +
      `Page ${n} of 66\n`;
    const started = performance.now();
    const { draft } = await analyze({ pages: Array.from({ length: 66 }, (_, i) => ({ number: i + 1, text: page(i + 1), ocr: true })), analysisType: 'summary' });
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(draft.summary).not.toContain('Page 1 of 66');
  });

  it('keeps roll calls, signatures, certifications and heading fragments out, and says each sentence once', async () => {
    const pages = [
      'ORDINANCE 20-21-02\n\nORDINANCE DETERMINING TO LEVY AN\nADDITIONAL TAX OF .02%\nFOR THE 2020-21 FISCAL YEAR\n\n' +
        'WHEREAS, the Public Library District Act of 1991 authorizes the Board of Trustees to levy a special tax in addition to the annual\n' +
        'public library district tax for the maintenance, repairs and alterations of library buildings and equipment; and\n' +
        'NOW, THEREFORE, BE IT ORDAINED AND DETERMINED by the Board of Trustees of the Warrenville Public Library District that for the\n' +
        'maintenance, repairs, and alterations of library buildings and equipment, a special tax of .02% of the value of all taxable property\n' +
        'in the District as equalized or assessed, shall be levied for the fiscal year 2020-2021.\n' +
        'FURTHER, a copy of this Ordinance shall be published in the THE DAILY HERALD within fifteen (15) days after the date of adoption.\n',
      'ADOPTED this 15 th day of July 2020, pursuant to a roll call vote as follows:\n\nAYES: DuRocher, Lezon, Picha, Richardson\nAYES: -None-\n' +
        'ABSTAIN: -None-\nABSENT: -None-\n\n/s/\nJerri L. Picha, President\nBoard of Library Trustees\n\nATTEST:\n',
      'CERTIFICATION\n\nI do further certify that the attached is a true and correct copy of an ordinance adopted on the 15 th day of July 2020, ' +
        'at a Meeting of the Board of Trustees of the Warrenville Public Library District.\nI further certify that the Ordinance was published on July 23, 2020.\n',
    ];
    const { draft } = await analyze({ pages: pages.map((text, i) => ({ number: i + 1, text, ocr: false })), title: 'Building maintenance levy' });
    expect(draft.summary).toMatch(/^The Board levies a special tax of \.02% of the value of all taxable property for fiscal year 2020-2021/);
    expect(draft.summary).not.toMatch(/AYES|ABSENT|certify|\/s\/|roll call/);
    const items = [...draft.keyInsights, ...draft.legalRisks];
    expect(items.join('\n')).not.toMatch(/LEVY AN$|certify|AYES/m);
    // A long sentence of the summary comes back, if at all, as the clause on the point ("…a special tax of .02% …"), never whole.
    const body = (item: string) => item.replace(/^[A-Z][a-z]+(?: [a-z]+)?: /, '');
    for (const item of items.filter((i) => draft.summary.includes(body(i)))) expect(body(item).length, item).toBeLessThan(150);
    // The summary states the levy; no item says it again in the document's words.
    expect(items.join('\n')).not.toMatch(/special tax of \.02%/);
    expect(new Set(items.map(body)).size).toBe(items.length);
    expect(draft.constitutionalIssues.join('\n')).not.toMatch(/Article I, Section 8/);
    expect(draft.sentiment.rating).toBe(3);
    expect(groundCitations(draft, pages.map((text, i) => ({ number: i + 1, text, ocr: false }))).every((c) => c.verified)).toBe(true);
  });

  it('makes a point once across insights and risks when a recital restates the ordinance', async () => {
    const filler = 'The Board reviewed the library building plans and the reports of the architect for the new reading room. '.repeat(14);
    const text =
      `${filler}\nWHEREAS, the amount of said special tax is .02% of the value of all taxable property in the District as equalized or assessed by the Department of Revenue, as the Act provides for library districts; and\n` +
      `${filler}\nThe Board orders that a special tax of .02% of the value of all taxable property in the District as equalized or assessed, shall be levied.\n`;
    const { draft } = await analyze({ pages: [{ number: 1, text, ocr: false }], analysisType: 'summary' });
    const told = [draft.summary, ...draft.keyInsights, ...draft.legalRisks].filter((i) => i.includes('.02% of the value of all taxable property'));
    expect(told, told.join('\n')).toHaveLength(1);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(new EmbeddedDocumentAnalyzer().analyze(await request(), { signal: controller.signal })).rejects.toThrow('gone');
  });
});
