import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { comparisonEntry, type ComparisonResult } from '@civicwatch/core/contracts/index.ts';
import { ToastProvider } from '../../../components/ui/toaster.tsx';
import { createToastStore } from '../../../lib/toast-store.ts';
import { aLevyComparison, aNoChangeComparison } from '../../../test/builders.ts';
import { readComparisonResult } from '../utils/comparison-result.ts';
import { ComparisonResults } from './comparison-results.tsx';

function renderComparison(result: ComparisonResult = aLevyComparison(), extra: { title?: string | null; analysisId?: string } = {}) {
  const user = userEvent.setup();
  render(
    <ToastProvider store={createToastStore()}>
      <ComparisonResults title="Maintenance levy 2020-21" createdAt="2026-11-22T10:00:00.000Z" result={result} statusLabel="Completed just now" {...extra} />
    </ToastProvider>,
  );
  return { user };
}

const changes = () => within(screen.getByRole('region', { name: comparisonEntry.changesLabel }));
const items = () => changes().getAllByRole('listitem').filter((item) => item.parentElement?.tagName === 'OL');

describe('Comparison result view', () => {
  it('lists the changes in the order given, each with its kind and statement, after the summary', () => {
    const levy = aLevyComparison();
    renderComparison(levy, { analysisId: '7a1e9c3b-2d4f-4e6a-8b0c-1d2e3f4a5b6c' });

    expect(screen.getByRole('heading', { name: 'Comparison Results' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share Analysis' })).toBeInTheDocument();
    expect(screen.getByText('Maintenance levy 2020-21 · Version comparison')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Summary' })).getByText(levy.summary)).toBeInTheDocument();
    expect(changes().getByText('9 changes')).toBeInTheDocument();
    const listed = items();
    expect(listed).toHaveLength(9);
    expect(listed.map((item) => item.textContent)).toEqual(levy.changes.map((change) => expect.stringContaining(change.statement)));
    expect(within(listed[0]!).getByText('Figure')).toBeInTheDocument();
    expect(within(listed[2]!).getByText('Date')).toBeInTheDocument();
    expect(within(listed[5]!).getByText('Wording')).toBeInTheDocument();
  });

  it('marks the page of each version, verified or not, a dash for a version without the change, and shows the quote on demand', async () => {
    const levy = aLevyComparison();
    const [first, ...rest] = levy.changes;
    const { user } = renderComparison({ ...levy, changes: [{ ...first!, after: { ...first!.after!, verified: false } }, ...rest] });
    const listed = items();

    expect(within(listed[0]!).getByRole('button', { name: 'Earlier version, Page 1, verified quote' })).toBeInTheDocument();
    expect(within(listed[0]!).getByRole('button', { name: 'Later version, Page 1, unverified quote' })).toBeInTheDocument();
    // The vote the scan's roll call does not give: nothing in the earlier version.
    expect(within(listed[4]!).queryByRole('button', { name: /Earlier version/ })).not.toBeInTheDocument();
    expect(within(listed[4]!).getByText('not in the earlier version')).toBeInTheDocument();
    expect(within(listed[4]!).getByRole('button', { name: 'Later version, Page 2, verified quote' })).toBeInTheDocument();

    await user.click(within(listed[2]!).getByRole('button', { name: 'Earlier version, Page 2, verified quote' }));
    const popover = await screen.findByRole('dialog');
    expect(within(popover).getByText(`“${levy.changes[2]!.before!.quote}”`)).toBeInTheDocument();
    expect(within(popover).getByText('Verified: this quote appears on page 2 of the earlier version.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(within(listed[0]!).getByRole('button', { name: 'Later version, Page 1, unverified quote' }));
    expect(await screen.findByText(/Not verified: this quote could not be found on page 1, or the point gives a figure the later version does not contain/)).toBeInTheDocument();
  });

  it('says honestly that nothing of substance changed when there is no change', () => {
    renderComparison(aNoChangeComparison());
    expect(changes().getByText(comparisonEntry.empty)).toBeInTheDocument();
    expect(changes().queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Page \d/ })).not.toBeInTheDocument();
  });

  it('tells what was compared: both titles, pages, OCR pages and kind', () => {
    renderComparison();
    const compared = within(screen.getByRole('region', { name: 'What was compared' }));
    expect(compared.getByText('wpld-ordinance-19-20-02-maintenance-levy-scan.pdf')).toBeInTheDocument();
    expect(compared.getByText('wpld-ordinance-20-21-02-maintenance-levy.pdf')).toBeInTheDocument();
    expect(compared.getByText('1, 2, 3')).toBeInTheDocument();
    expect(compared.getAllByText('Ordinance or resolution')).toHaveLength(2);
    expect(compared.getByText('18.3 s')).toBeInTheDocument();
  });

  it('shows the comparison\'s warnings above the summary', () => {
    const levy = aLevyComparison();
    const warning = 'These two documents do not look like versions of one document.';
    renderComparison({ ...levy, metadata: { ...levy.metadata, related: false, warnings: [warning] } });
    expect(screen.getByRole('note', { name: 'About this comparison' })).toHaveTextContent(warning);
  });

  it('offers Share only for the owner\'s comparison, and no title at all on a shared one (ADR 0010)', () => {
    renderComparison(aLevyComparison(), { title: null });
    expect(screen.queryByRole('button', { name: 'Share Analysis' })).not.toBeInTheDocument();
    expect(screen.queryByText(/wpld-ordinance/)).not.toBeInTheDocument();
    expect(screen.getByText('Version comparison')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export PDF' })).toBeInTheDocument();
  });

  it('reads a comparison stored as a JSON string, and refuses what is not one', () => {
    expect(readComparisonResult(JSON.stringify(aLevyComparison()))?.changes).toHaveLength(9);
    expect(readComparisonResult({ summary: 'x' })).toBeNull();
    expect(readComparisonResult('not json')).toBeNull();
  });
});
