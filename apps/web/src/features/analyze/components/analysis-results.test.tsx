import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '../../../components/ui/toaster.tsx';
import { createToastStore } from '../../../lib/toast-store.ts';
import { readStoredResult } from '@civicwatch/core/contracts/index.ts';
import { aResult } from '../../../test/builders.ts';
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
    expect(await screen.findByText(/Not verified: this quote could not be found on page 3/)).toBeInTheDocument();
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
