import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { SubscriptionTierView, UserView } from '@civicwatch/core/contracts/index.ts';
import { aCompareResponse, aDashboard, aNoChangeComparison, aTier, aUser } from '../../../test/builders.ts';
import { installFakeEventSource, type FakeEventSource } from '../../../test/event-source.ts';
import { readMultipart, type MultipartFields } from '../../../test/multipart.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const citizenTier = aTier({ id: 'citizen', name: 'Citizen', price: '0', credits: 1, maxPages: 1, maxCharacters: 1_000 });
const patriotTier = aTier({ id: 'patriot', name: 'Patriot', price: '29', credits: 5, maxPages: 5, maxCharacters: 10_000 });
const patriot = (overrides: Partial<UserView> = {}) => aUser({ subscriptionTier: 'patriot', tier: 'patriot', credits: 5, ...overrides });

function signedInAs(user: UserView, tiers: SubscriptionTierView[] = [citizenTier, patriotTier]) {
  server.use(
    http.get('/api/user', () => HttpResponse.json(user)),
    http.get('/api/dashboard', () => HttpResponse.json(aDashboard({ user }))),
    http.get('/api/subscription-tiers', () => HttpResponse.json(tiers)),
  );
}

/** Records each POST /api/compare; answers with `respond`, once released when held. */
function onCompare(respond: () => Response = () => HttpResponse.json(aCompareResponse())) {
  const forms: MultipartFields[] = [];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let held = false;
  server.use(
    http.post('/api/compare', async ({ request }) => {
      forms.push(await readMultipart(request));
      if (held) await gate;
      return respond();
    }),
  );
  return {
    forms,
    hold: () => {
      held = true;
    },
    release: () => open(),
  };
}

const pdf = (name: string) => new File(['%PDF-1.7\n'], name, { type: 'application/pdf' });
const version = (name: 'Earlier version' | 'Later version') => within(screen.getByRole('group', { name }));
const LATER_TEXT = 'ORDINANCE 20-21-02. A special tax of .02% shall be levied for the fiscal year 2020-2021. ADOPTED this 15th day of July 2020.';

async function openCompare() {
  const rendered = renderApp('/compare');
  await screen.findByRole('heading', { level: 1, name: 'Compare Versions' });
  return rendered;
}

let Source: typeof FakeEventSource;
beforeEach(() => {
  Source = installFakeEventSource();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Compare Versions page: a Citizen', () => {
  it('is reached from the Analyze page, and shows the paid-only message with an upgrade button instead of a working form', async () => {
    signedInAs(aUser({ credits: 1 }));
    const compare = onCompare();
    const { user } = renderApp('/analyze');
    await user.click(await screen.findByRole('link', { name: 'Compare two versions' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Compare Versions' })).toBeInTheDocument();
    expect(screen.getByText('Comparing versions is available for paying subscribers')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Compare Versions' })).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByRole('button', { name: /Compare Versions/ })).not.toBeInTheDocument();
    for (const side of ['Earlier version', 'Later version'] as const) {
      expect(version(side).getByRole('button', { name: 'Choose File' })).toBeDisabled();
      expect(version(side).getByLabelText('Title (optional)')).toBeDisabled();
    }
    expect(compare.forms).toEqual([]);
  });
});

describe('Compare Versions page: a paying user', () => {
  it('sends a PDF for the earlier version and pasted text for the later, with their titles, and shows what changed', async () => {
    signedInAs(patriot());
    const compare = onCompare();
    const { user } = await openCompare();
    expect(await screen.findByText('Patriot plan: 5 PDF pages or 10,000 characters per version')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Earlier version PDF'), pdf('levy-2019.pdf'));
    expect(version('Earlier version').getByText('levy-2019.pdf')).toBeInTheDocument();
    await user.click(version('Later version').getByRole('tab', { name: 'Paste Text' }));
    await user.type(version('Later version').getByLabelText('Title (optional)'), 'Levy 2020');
    await user.click(version('Later version').getByLabelText('Document text'));
    await user.paste(LATER_TEXT);
    await user.click(screen.getByRole('button', { name: /Compare Versions/ }));

    expect(await screen.findByText('Completed just now')).toBeInTheDocument();
    expect(await screen.findByText('The two versions have been compared.')).toBeInTheDocument();
    const form = compare.forms[0]!;
    expect(form.get('before')).toMatchObject({ name: 'levy-2019.pdf', type: 'application/pdf' });
    expect(form.get('after')).toBe(LATER_TEXT);
    expect(form.get('afterTitle')).toBe('Levy 2020');
    expect(form.has('beforeTitle')).toBe(false);
    expect(form.get('progressId')).toMatch(/^[0-9a-f-]{36}$/);

    const changes = within(screen.getByRole('region', { name: 'What changed' }));
    expect(changes.getByText('The date in “ADOPTED this…” changed from July 17, 2019 to July 15, 2020.')).toBeInTheDocument();
    expect(changes.getAllByRole('button', { name: 'Earlier version, Page 2, verified quote' }).length).toBeGreaterThan(0);
    // Focus moves to the result, which a screen reader then reads from its heading.
    expect(screen.getByRole('heading', { level: 2, name: 'Comparison Results' }).closest('[tabindex="-1"]')).toHaveFocus();
  });

  it('says which version is missing before sending anything', async () => {
    signedInAs(patriot());
    const compare = onCompare();
    const { user } = await openCompare();

    await user.click(screen.getByRole('button', { name: /Compare Versions/ }));
    expect(await version('Earlier version').findByText('Earlier version: please upload a PDF or paste its text')).toBeInTheDocument();
    expect(version('Later version').getByText('Later version: please upload a PDF or paste its text')).toBeInTheDocument();

    // On the Paste Text tab, the message is the empty text area's.
    await user.upload(screen.getByLabelText('Earlier version PDF'), pdf('budget-tentative.pdf'));
    await user.click(version('Later version').getByRole('tab', { name: 'Paste Text' }));
    await user.click(screen.getByRole('button', { name: /Compare Versions/ }));
    expect(await version('Later version').findByRole('textbox', { name: 'Document text' })).toHaveAccessibleDescription(
      /Later version: please upload a PDF or paste its text/,
    );
    expect(version('Earlier version').queryByText(/please upload/)).not.toBeInTheDocument();
    expect(compare.forms).toEqual([]);
  });

  it('sends the file chosen when the Paste Text tab it was left on is empty, as the Analyze page does', async () => {
    signedInAs(patriot());
    const compare = onCompare(() => HttpResponse.json(aCompareResponse(aNoChangeComparison())));
    const { user } = await openCompare();

    await user.upload(screen.getByLabelText('Earlier version PDF'), pdf('budget.pdf'));
    await user.upload(screen.getByLabelText('Later version PDF'), pdf('budget-again.pdf'));
    await user.click(version('Later version').getByRole('tab', { name: 'Paste Text' }));
    await user.click(screen.getByRole('button', { name: /Compare Versions/ }));

    expect(await screen.findByText('No substantive change: the two versions say the same thing.')).toBeInTheDocument();
    expect(compare.forms[0]!.get('after')).toMatchObject({ name: 'budget-again.pdf' });
  });

  it('reports the reading of both versions, then the comparing and the checking, as a polite status', async () => {
    signedInAs(patriot());
    const compare = onCompare();
    compare.hold();
    const { user } = await openCompare();
    await user.upload(screen.getByLabelText('Earlier version PDF'), pdf('levy-2019.pdf'));
    await user.upload(screen.getByLabelText('Later version PDF'), pdf('levy-2020.pdf'));
    await user.click(screen.getByRole('button', { name: /Compare Versions/ }));

    const status = await screen.findByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Uploading both versions');
    expect(screen.getByRole('button', { name: /Comparing/ })).toBeDisabled();
    await waitFor(() => expect(Source.instances).toHaveLength(1));
    const stream = Source.instances[0]!;
    // The comparison's progress, under the id its POST was sent with.
    await waitFor(() => expect(compare.forms).toHaveLength(1));
    expect(stream.url).toBe(`/api/analyze/progress/${String(compare.forms[0]!.get('progressId'))}`);
    const reading = () => within(screen.getByRole('list', { name: 'Reading of each version' })).getAllByRole('listitem').map((item) => item.textContent);

    act(() => stream.emit({ stage: 'extracting', page: 2, pages: 5, version: 'earlier' }));
    expect(status).toHaveTextContent('Earlier version: reading page 2 of 5');
    expect(reading()).toEqual(['Earlier versionPage 2 of 5', 'Later versionWaiting']);

    act(() => stream.emit({ stage: 'ocr', page: 1, pages: 3, version: 'later' }));
    expect(status).toHaveTextContent('Later version: reading scanned page 1 of 3 (OCR)');
    expect(reading()).toEqual(['Earlier versionRead: 5 pages', 'Later versionScanned page 1 of 3']);

    act(() => stream.emit({ stage: 'comparing' }));
    expect(status).toHaveTextContent('Comparing the versions');
    expect(reading()).toEqual(['Earlier versionRead: 5 pages', 'Later versionRead: 3 pages']);
    act(() => stream.emit({ stage: 'checking_citations' }));
    expect(status).toHaveTextContent('Checking citations');

    compare.release();
    expect(await screen.findByText('Completed just now')).toBeInTheDocument();
    expect(stream.closed).toBe(true);
  });

  it('shows the server\'s refusal, naming the version, as the Analyze page does', async () => {
    signedInAs(patriot());
    const refusal = 'Later version: this PDF has 7 pages; your plan allows 5 pages per document';
    onCompare(() => HttpResponse.json({ code: 'document.too_many_pages', message: refusal }, { status: 400 }));
    const { user } = await openCompare();
    await user.upload(screen.getByLabelText('Earlier version PDF'), pdf('a.pdf'));
    await user.upload(screen.getByLabelText('Later version PDF'), pdf('b.pdf'));
    await user.click(screen.getByRole('button', { name: /Compare Versions/ }));

    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
    expect(screen.getByText(refusal)).toBeInTheDocument();
    // The form keeps both documents for another try.
    expect(version('Earlier version').getByText('a.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Compare Versions/ })).toBeEnabled();
  });

  it('says Insufficient Credits on a 402, and offers the upgrade in place of the button at 0 credits', async () => {
    signedInAs(patriot({ credits: 1 }));
    onCompare(() => HttpResponse.json({ code: 'credits.insufficient', message: 'You have no credits left' }, { status: 402 }));
    const { user } = await openCompare();
    await user.upload(screen.getByLabelText('Earlier version PDF'), pdf('a.pdf'));
    await user.upload(screen.getByLabelText('Later version PDF'), pdf('b.pdf'));
    signedInAs(patriot({ credits: 0 }));
    await user.click(screen.getByRole('button', { name: /Compare Versions/ }));

    expect(await screen.findByText('Insufficient Credits')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Upgrade to Get More Credits' })).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByRole('button', { name: /Compare Versions/ })).not.toBeInTheDocument();
  });

  it('clears both versions with Compare Another', async () => {
    signedInAs(patriot());
    onCompare();
    const { user } = await openCompare();
    await user.upload(screen.getByLabelText('Earlier version PDF'), pdf('a.pdf'));
    await user.upload(screen.getByLabelText('Later version PDF'), pdf('b.pdf'));
    await user.click(screen.getByRole('button', { name: /Compare Versions/ }));
    await user.click(await screen.findByRole('button', { name: 'Compare Another' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Compare Versions' })).toHaveFocus();
    expect(screen.queryByText('a.pdf')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Choose File' })).toHaveLength(2);
  });
});
