import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '../../../components/ui/toaster.tsx';
import { createToastStore } from '../../../lib/toast-store.ts';
import { readStoredResult } from '@civicwatch/core/contracts/index.ts';
import { aLevyOrdinanceResult, aResult } from '../../../test/builders.ts';
import { AnalysisResults } from './analysis-results.tsx';

function renderResults(result = aResult(), extra: { onAnalyzeAnother?: () => void; title?: string | null } = {}) {
  const user = userEvent.setup();
  render(
    <ToastProvider store={createToastStore()}>
      <AnalysisResults
        title="City Budget 2026"
        analysisType="constitutional"
        createdAt="2026-11-22T10:00:00.000Z"
        result={readStoredResult(result)!}
        statusLabel="Completed just now"
        {...extra}
      />
    </ToastProvider>,
  );
  return { user };
}

describe('Analysis Results view', () => {
  it('shows every section, the sentiment with its confidence as a percentage, and the metadata', () => {
    renderResults(aResult({ metadata: { ...aResult().metadata, analyzer: 'openai', model: 'gpt-4.1-mini' } }), { onAnalyzeAnother: () => {} });

    expect(screen.getByText('Completed just now')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Summary' })).getByText(/4% property tax increase/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Key Insights' })).getAllByRole('listitem')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'Constitutional Issues' })).getByText(/public comment period/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Recommended Citizen Actions' })).getByText(/budget hearing/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Legal Risks' })).getByText(/state cap/)).toBeInTheDocument();

    const sentiment = screen.getByRole('region', { name: 'Sentiment' });
    expect(within(sentiment).getByText('4/5 · Positive')).toBeInTheDocument();
    expect(within(sentiment).getByText('82%')).toBeInTheDocument();

    const details = within(screen.getByRole('region', { name: 'Analysis details' }));
    expect(details.getByText('Word count').nextSibling).toHaveTextContent('1,234');
    expect(details.getByText('Processing time').nextSibling).toHaveTextContent('2.4 s');
    expect(details.getByText('Pages').nextSibling).toHaveTextContent('3');
    expect(details.getByText('OCR pages').nextSibling).toHaveTextContent('2');
    expect(details.getByText('Analyzer').nextSibling).toHaveTextContent('OpenAIgpt-4.1-mini');

    for (const name of ['Export PDF', 'Analyze Another']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('shows the document\'s language with the details, and the analyzer\'s warning above the summary', () => {
    const warning =
      'This document appears to be in Spanish. The built-in analyzer is designed for English, so its summary, findings and sentiment rating may be less reliable.';
    renderResults(aResult({ metadata: { ...aResult().metadata, language: { code: 'es', name: 'Spanish' }, warnings: [warning] } }));

    const details = within(screen.getByRole('region', { name: 'Analysis details' }));
    expect(details.getByText('Language').nextSibling).toHaveTextContent('Spanish');
    const note = screen.getByRole('note', { name: 'About this analysis' });
    expect(note).toHaveTextContent(warning);
    expect(note.compareDocumentPosition(screen.getByRole('region', { name: 'Summary' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says when the language could not be told, and shows no warning when there is none', () => {
    renderResults(aResult({ metadata: { ...aResult().metadata, language: null, warnings: [] } }));
    expect(within(screen.getByRole('region', { name: 'Analysis details' })).getByText('Language').nextSibling).toHaveTextContent('Not determined');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('puts page citations beside their points, marks verified quotes, and shows the quote on demand', async () => {
    const { user } = renderResults();
    const insights = within(screen.getByRole('region', { name: 'Key Insights' }));
    const [first, second] = insights.getAllByRole('listitem');
    expect(within(first!).getByRole('button', { name: 'Page 2, verified quote' })).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: /Page/ })).not.toBeInTheDocument();

    const issues = within(screen.getByRole('region', { name: 'Constitutional Issues' }));
    expect(issues.getByRole('button', { name: 'Page 3, unverified quote' })).toBeInTheDocument();

    expect(screen.queryByText(/road repairs: \$12,000,000/)).not.toBeInTheDocument();
    await user.click(insights.getByRole('button', { name: 'Page 2, verified quote' }));
    const popover = await screen.findByRole('dialog');
    expect(within(popover).getByText('“road repairs: $12,000,000”')).toBeInTheDocument();
    expect(within(popover).getByText(/Verified: this quote appears on page 2/)).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await user.click(issues.getByRole('button', { name: 'Page 3, unverified quote' }));
    expect(await screen.findByText(
      'Not verified: this quote could not be found on page 3, or the point gives a figure the document does not contain. Check it against the original.',
    )).toBeInTheDocument();
  });

  it('sets off the note on a figure the document does not contain from the point it follows', () => {
    const flagged = 'Road repair spending doubles to $24 million. (Check this: the document does not contain $24 million.)';
    renderResults(aResult({
      keyInsights: [flagged],
      citations: [{ section: 'keyInsights', index: 0, page: 2, quote: 'road repairs: $12,000,000', verified: false }],
    }));
    const insights = within(screen.getByRole('region', { name: 'Key Insights' }));
    const item = insights.getByRole('listitem');
    const note = within(item).getByText((_, element) => element?.textContent === 'Check this: the document does not contain $24 million.');
    // Set apart from the point's own words, which come first.
    expect(note.tagName).toBe('SPAN');
    expect(item.textContent?.indexOf('Road repair spending doubles to $24 million.')).toBeLessThan(item.textContent?.indexOf('Check this') ?? 0);
    expect(insights.getByRole('button', { name: 'Page 2, unverified quote' })).toBeInTheDocument();
  });

  it('reads results stored before citations existed, and results stored as a JSON string', () => {
    const legacy = JSON.stringify({
      summary: 'Old summary.',
      keyInsights: ['Old insight'],
      constitutionalIssues: [],
      citizenAction: [],
      legalRisks: [],
      sentiment: { rating: 2, confidence: 0.5 },
      metadata: { wordCount: 10, processingTime: 900 },
    });
    renderResults(legacy as never);
    expect(screen.getByText('Old summary.')).toBeInTheDocument();
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(screen.getByText('No constitutional issues were identified.')).toBeInTheDocument();
    expect(screen.queryByText('OCR pages')).not.toBeInTheDocument();
    expect(screen.queryByText('Language')).not.toBeInTheDocument();
    // Stored before facts and kinds existed: nothing about them, not even an empty heading.
    expect(screen.queryByRole('region', { name: 'Key facts' })).not.toBeInTheDocument();
    expect(screen.queryByText('Document kind')).not.toBeInTheDocument();
  });

  it('shows the key facts by group, in the catalogue\'s order, each with its page and quote', async () => {
    const { user } = renderResults(aLevyOrdinanceResult());
    const facts = screen.getByRole('region', { name: 'Key facts' });
    expect(within(facts).getByRole('heading', { name: 'Key facts' })).toBeInTheDocument();
    expect(within(facts).getAllByRole('list').map((list) => list.getAttribute('aria-label'))).toEqual([
      'Decisions and votes', 'Money', 'Dates and deadlines', 'Who is affected and penalties',
    ]);
    const [adopted, deadline, published] = within(within(facts).getByRole('list', { name: 'Dates and deadlines' })).getAllByRole('listitem');
    expect(adopted).toHaveTextContent(/^The Board adopted the ordinance on July 15, 2020\.Sources:Page 2, verified quote$/);
    expect(deadline).toHaveTextContent(/^The ordinance had to be published within 15 days of its adoption\./);
    expect(published).toHaveTextContent(/^The ordinance was published on July 23, 2020\.Sources:Page 3, verified quote$/);

    const vote = within(facts).getByText(/Seven trustees voted yes/).closest('li')!;
    await user.click(within(vote).getByRole('button', { name: 'Page 2, verified quote' }));
    const popover = await screen.findByRole('dialog');
    expect(within(popover).getByText('“AYES: DuRocher, Lezon, Picha, Richardson, Ruzicka, Stull, Warren”')).toBeInTheDocument();
    expect(within(popover).getByText(/Verified: this quote appears on page 2/)).toBeInTheDocument();
  });

  it('names the kind of document among the details, next to its language', () => {
    renderResults(aLevyOrdinanceResult());
    const details = within(screen.getByRole('region', { name: 'Analysis details' }));
    expect(details.getByText('Document kind').nextSibling).toHaveTextContent('Ordinance or resolution');
    expect(details.getByText('Language').parentElement!.nextSibling).toBe(details.getByText('Document kind').parentElement);
  });

  it('says Not determined for a kind looked for and not found, and shows no Key facts when none were found', () => {
    renderResults(aResult({ facts: [], metadata: { ...aResult().metadata, documentKind: null } }));
    expect(within(screen.getByRole('region', { name: 'Analysis details' })).getByText('Document kind').nextSibling).toHaveTextContent('Not determined');
    expect(screen.queryByRole('region', { name: 'Key facts' })).not.toBeInTheDocument();
    expect(screen.queryByText('Key facts')).not.toBeInTheDocument();
  });

  it('shows one page mark per page a point rests on, which opens every quote of that page', async () => {
    const { user } = renderResults(aLevyOrdinanceResult());
    const summary = within(screen.getByRole('region', { name: 'Summary' }));
    expect(summary.getAllByRole('button').map((b) => b.textContent)).toEqual(['Page 1, 3 verified quotes', 'Page 3, verified quote']);

    await user.click(summary.getByRole('button', { name: 'Page 1, 3 verified quotes' }));
    const popover = within(await screen.findByRole('dialog'));
    expect(popover.getAllByRole('listitem')).toHaveLength(3);
    expect(popover.getByText('“for the purchase of buildings”')).toBeInTheDocument();
    expect(popover.getByText(/Verified: these quotes appear on page 1 of the document/)).toBeInTheDocument();
  });

  it('tells which quotes of a page were found when only some were', async () => {
    const { user } = renderResults(aLevyOrdinanceResult());
    const actions = within(screen.getByRole('region', { name: 'Recommended Citizen Actions' }));
    const mark = actions.getByRole('button', { name: 'Page 1, 1 of 2 quotes verified' });
    expect(mark).not.toHaveClass('bg-emerald-50');

    await user.click(mark);
    const popover = within(await screen.findByRole('dialog'));
    const [found, missing] = popover.getAllByRole('listitem');
    expect(found).toHaveTextContent('Board of Trustees of the Warrenville Public Library District');
    expect(found).toHaveTextContent(/Verified$/);
    expect(missing).toHaveTextContent('the Board may change the rate each year');
    expect(missing).toHaveTextContent(/Not verified$/);
    expect(popover.getByText(/Only the quotes marked verified were found on page 1/)).toBeInTheDocument();
  });

  it('offers Share Analysis only for the owner\'s analysis, and no title on a shared one', () => {
    renderResults(aResult(), { title: null });
    expect(screen.getByRole('button', { name: 'Export PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share Analysis' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Analyze Another' })).not.toBeInTheDocument();
    expect(screen.getByText('Constitutional Check')).toBeInTheDocument();
    expect(screen.queryByText(/City Budget 2026/)).not.toBeInTheDocument();
  });
});
