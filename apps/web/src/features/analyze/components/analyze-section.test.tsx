import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { SubscriptionTierView, UserView } from '@civicwatch/core/contracts/index.ts';
import { aDashboard, aResult, aTier, aUser } from '../../../test/builders.ts';
import { installFakeEventSource, type FakeEventSource } from '../../../test/event-source.ts';
import { readMultipart, type MultipartFields } from '../../../test/multipart.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const citizenTier = aTier({ id: 'citizen', name: 'Citizen', price: '0', credits: 1, maxPages: 1, maxCharacters: 1_000 });
const patriotTier = aTier({ id: 'patriot', name: 'Patriot', price: '29', credits: 5, maxPages: 7, maxCharacters: 12_000 });
const patriot = (overrides: Partial<UserView> = {}) => aUser({ subscriptionTier: 'patriot', tier: 'patriot', credits: 5, ...overrides });

function signedInAs(user: UserView, tiers: SubscriptionTierView[] = [citizenTier, patriotTier]) {
  server.use(
    http.get('/api/user', () => HttpResponse.json(user)),
    http.get('/api/dashboard', () => HttpResponse.json(aDashboard({ user }))),
    http.get('/api/subscription-tiers', () => HttpResponse.json(tiers)),
  );
}

const analyzeAnswer = () => ({ ...aResult(), analysisId: '5d3c2b1a-0f9e-4d8c-b7a6-95f4e3d2c1b0', createdAt: new Date().toISOString() });

/** Records each POST /api/analyze; answers with `respond` once `gate` opens. */
function onAnalyze(respond: () => Response = () => HttpResponse.json(analyzeAnswer())) {
  const seen: { forms: MultipartFields[] } = { forms: [] };
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let gated = false;
  server.use(
    http.post('/api/analyze', async ({ request }) => {
      seen.forms.push(await readMultipart(request));
      if (gated) await gate;
      return respond();
    }),
  );
  return {
    seen,
    /** Holds the answer back until `release()`. */
    hold() {
      gated = true;
    },
    release: () => open(),
  };
}

const pdf = (name = 'City Budget.pdf', size?: number) => {
  const file = new File(['%PDF-1.7\n'], name, { type: 'application/pdf' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

async function openAnalyze(path = '/analyze') {
  const rendered = renderApp(path);
  await screen.findByRole('heading', { name: 'Analyze a Government Document' });
  return rendered;
}

let EventSourceStub: typeof FakeEventSource;
beforeEach(() => {
  EventSourceStub = installFakeEventSource();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Analyze page: free (Citizen) user', () => {
  it('replaces the state selector and locks custom analysis behind upgrades to /subscribe', async () => {
    signedInAs(aUser({ credits: 1 }));
    await openAnalyze();

    const country = screen.getByRole('combobox', { name: 'Country' });
    expect(country).toHaveValue('US');
    expect(within(country).getAllByRole('option')).toHaveLength(26);
    expect(within(country).getByRole('option', { name: 'South Korea' })).toHaveValue('KR');
    expect(screen.queryByRole('combobox', { name: 'State' })).not.toBeInTheDocument();
    expect(screen.getByText('State selection available for paying subscribers')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Select State' })).toHaveAttribute('href', '/subscribe');

    expect(screen.getByRole('radio', { name: 'Summary' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Constitutional Check' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Custom Watchdog' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Custom Watchdog' })).toHaveAccessibleDescription('Specific oversight focus');
    expect(screen.getByText('Available for paying subscribers')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Access Custom Analysis' })).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByLabelText('Custom focus')).not.toBeInTheDocument();
  });

  it('says the built-in analyzer cannot check the law of another country the citizen chose', async () => {
    signedInAs(aUser());
    const { user } = await openAnalyze();
    expect(screen.queryByText(/needs a language-model analyzer/)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Germany');
    expect(await screen.findByRole('status')).toHaveTextContent('Checking it against the law of the country you chose (Germany) needs a language-model analyzer');
  });

  it("shows the Document Limits of the user's tier from GET /api/subscription-tiers", async () => {
    signedInAs(aUser());
    await openAnalyze();
    const limits = screen.getByRole('complementary', { name: 'Document Limits' });
    expect(await within(limits).findByText('Citizen plan: 1 PDF page or 1,000 characters per document')).toBeInTheDocument();
  });

  it('sends the country as a code and never a state', async () => {
    signedInAs(aUser({ state: 'IL' }));
    const analyze = onAnalyze();
    const { user } = await openAnalyze();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Germany');
    expect(screen.queryByText('State selection available for paying subscribers')).not.toBeInTheDocument();
    await user.upload(screen.getByLabelText('PDF document'), pdf());
    await user.click(screen.getByRole('button', { name: /Analyze Document/ }));

    await screen.findByText('Completed just now');
    const form = analyze.seen.forms[0]!;
    expect(form.get('country')).toBe('DE');
    expect(form.has('state')).toBe(false);
    expect(form.get('analysisType')).toBe('constitutional');
    expect(form.has('customPrompt')).toBe(false);
  });
});

describe('Analyze page: paid user', () => {
  it('offers the 50 states by name only in the United States, and sends the code', async () => {
    signedInAs(patriot({ state: null }));
    const analyze = onAnalyze();
    const { user } = await openAnalyze();

    const state = screen.getByRole('combobox', { name: 'State' });
    // 50 states and the "federal analysis" choice.
    expect(within(state).getAllByRole('option')).toHaveLength(51);
    expect(screen.queryByText('State selection available for paying subscribers')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'CA');
    expect(screen.queryByRole('combobox', { name: 'State' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'United States');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'New York');

    await user.upload(screen.getByLabelText('PDF document'), pdf());
    await user.click(screen.getByRole('button', { name: /Analyze Document/ }));
    await screen.findByText('Completed just now');
    expect(analyze.seen.forms[0]!.get('country')).toBe('US');
    expect(analyze.seen.forms[0]!.get('state')).toBe('NY');
  });

  it('reveals the custom focus for Custom Watchdog and sends it only with that type', async () => {
    signedInAs(patriot());
    const analyze = onAnalyze();
    const { user } = await openAnalyze();

    expect(screen.queryByText('Available for paying subscribers')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Custom Watchdog' }));
    await user.type(screen.getByLabelText('Custom focus'), 'No-bid contracts');
    await user.click(screen.getByRole('tab', { name: 'Paste Text' }));
    await user.type(screen.getByLabelText('Document text'), 'The council shall award the contract without bidding.');
    await user.click(screen.getByRole('button', { name: /Analyze Document/ }));

    await screen.findByText('Completed just now');
    const form = analyze.seen.forms[0]!;
    expect(form.get('analysisType')).toBe('custom');
    expect(form.get('customPrompt')).toBe('No-bid contracts');
    expect(form.get('text')).toBe('The council shall award the contract without bidding.');
    expect(form.get('title')).toBe('Text Document');
    expect(form.has('document')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Analyze Another' }));
    await user.click(screen.getByRole('radio', { name: 'Summary' }));
    expect(screen.queryByLabelText('Custom focus')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Paste Text' }));
    await user.type(screen.getByLabelText('Document text'), 'Minutes of the regular meeting of the city council.');
    await user.click(screen.getByRole('button', { name: /Analyze Document/ }));
    await screen.findByText('Completed just now');
    expect(analyze.seen.forms[1]!.get('analysisType')).toBe('summary');
    expect(analyze.seen.forms[1]!.has('customPrompt')).toBe(false);
  });

  it('says before a credit is spent that the built-in analyzer cannot check the chosen state\'s law, naming it', async () => {
    signedInAs(patriot({ state: null }));
    const { user } = await openAnalyze();
    const note = /needs a language-model analyzer, which this server does not have/;
    expect(screen.queryByText(note)).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Illinois');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(
      'This analysis will check the document against the US Constitution only. Checking it against Illinois law needs a language-model analyzer, which this server does not have.',
    );
    // Before the button that spends the credit, in reading order.
    expect(status.compareDocumentPosition(screen.getByRole('button', { name: /Analyze Document/ })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'All states (federal analysis)');
    expect(screen.queryByText(note)).not.toBeInTheDocument();
    // Nor does the page promise what the built-in analyzer cannot do.
    expect(screen.queryByText('Choose a state to include its constitution and laws.')).not.toBeInTheDocument();
  });

  it('says nothing of the kind when the server analyses with a language model, which takes the state into account', async () => {
    signedInAs(patriot({ state: 'IL' }));
    server.use(http.get('/api/config', () =>
      HttpResponse.json({ productName: 'CivicWatch', paymentsEnabled: false, stripePublishableKey: null, verifiedEmailRequired: false, devPagesEnabled: false, analyzer: 'openai' })));
    const { app } = await openAnalyze();
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('IL');
    // Once the page knows the server's analyzer, the note still does not show.
    await waitFor(() => expect(app.queryClient.getQueryData(['/api/config'])).toMatchObject({ analyzer: 'openai' }));
    expect(screen.queryByText(/needs a language-model analyzer/)).not.toBeInTheDocument();
    expect(screen.getByText('Choose a state to include its constitution and laws.')).toBeInTheDocument();
  });

  it("shows an administrator's limits for the tier, not built-in numbers", async () => {
    signedInAs(patriot());
    await openAnalyze();
    expect(await screen.findByText('Patriot plan: 7 PDF pages or 12,000 characters per document')).toBeInTheDocument();
  });
});

describe('Analyze page: documents', () => {
  it('enables the submit button only with a file or non-blank text, and counts characters', async () => {
    signedInAs(aUser());
    const { user } = await openAnalyze();
    const submit = screen.getByRole('button', { name: /Analyze Document/ });
    expect(submit).toHaveAccessibleName(/Analysis typically takes 10-30 seconds/);
    expect(submit).toBeDisabled();

    await user.click(screen.getByRole('tab', { name: 'Paste Text' }));
    const text = screen.getByLabelText('Document text');
    expect(text).toHaveAccessibleDescription(/minimum 50 characters/);
    expect(text).toHaveAttribute('maxLength', '10000');
    await user.type(text, '   ');
    expect(await screen.findByText('3 / 10,000 characters')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.type(text, 'Budget');
    expect(await screen.findByText('9 / 10,000 characters')).toBeInTheDocument();
    expect(submit).toBeEnabled();
  });

  it('sends the chosen PDF as multipart form data without an explicit content type', async () => {
    signedInAs(aUser());
    const analyze = onAnalyze();
    const { user } = await openAnalyze();

    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await user.upload(screen.getByLabelText('PDF document'), pdf('Zoning Ordinance.pdf'));
    expect(screen.getByText('Zoning Ordinance.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Analyze Document/ }));

    await screen.findByText('Completed just now');
    const [, init] = fetchSpy.mock.calls.find(([url]) => url === '/api/analyze')!;
    expect(init?.body).toBeInstanceOf(FormData);
    // The browser sets multipart/form-data with its boundary; an explicit type would lose the boundary.
    expect(new Headers(init?.headers).has('content-type')).toBe(false);
    expect(init?.credentials).toBe('include');
    expect(analyze.seen.forms[0]!.get('document')).toEqual({ name: 'Zoning Ordinance.pdf', type: 'application/pdf', text: '%PDF-1.7\n' });
    expect(analyze.seen.forms[0]!.has('text')).toBe(false);
    expect(analyze.seen.forms[0]!.get('progressId')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('refuses dropped files that are not one PDF of at most 10 MB with File Upload Error', async () => {
    signedInAs(aUser());
    await openAnalyze();
    const zone = screen.getByRole('button', { name: /Choose File/ });
    const drop = (...files: File[]) => fireEvent.drop(zone, { dataTransfer: { files, types: ['Files'] } });

    drop(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('File Upload Error')).toBeInTheDocument();
    expect(screen.getByText('notes.txt is not a PDF. Only PDF files are accepted.')).toBeInTheDocument();

    drop(pdf('huge.pdf', 11 * 1024 * 1024));
    expect(await screen.findByText('huge.pdf is larger than 10 MB.')).toBeInTheDocument();

    drop(pdf('a.pdf'), pdf('b.pdf'));
    expect(await screen.findByText('Please choose one PDF file at a time.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Analyze Document/ })).toBeDisabled();

    drop(pdf('Minutes.pdf'));
    expect(await screen.findByText('Minutes.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Analyze Document/ })).toBeEnabled();
  });

  it('opens the file chooser from the keyboard', async () => {
    signedInAs(aUser());
    const { user } = await openAnalyze();
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});

    const zone = screen.getByRole('button', { name: /Choose File/ });
    zone.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(2);
  });
});

describe('Analyze page: credits', () => {
  it('at 0 credits replaces the submit button with a red upgrade button and refuses a submission', async () => {
    signedInAs(aUser({ credits: 0 }));
    const analyze = onAnalyze();
    const { user } = await openAnalyze();

    const upgrade = screen.getByRole('link', { name: 'Upgrade to Get More Credits' });
    expect(upgrade).toHaveAttribute('href', '/subscribe');
    expect(upgrade.className).toMatch(/bg-red-/);
    expect(screen.queryByRole('button', { name: /Analyze Document/ })).not.toBeInTheDocument();

    // Enter in the title field still submits the form.
    await user.click(screen.getByRole('tab', { name: 'Paste Text' }));
    await user.type(screen.getByLabelText('Document text'), 'The mayor proposes a new parking ordinance for downtown.');
    await user.type(screen.getByLabelText('Document title (optional)'), 'Parking{Enter}');

    expect(await screen.findByText('Insufficient Credits')).toBeInTheDocument();
    expect(screen.getByText('You need credits to perform analysis. Please upgrade your account.')).toBeInTheDocument();
    expect(analyze.seen.forms).toHaveLength(0);
  });

  it('a 402 from the server shows Insufficient Credits and brings up the upgrade button', async () => {
    let credits = 1;
    server.use(
      http.get('/api/user', () => HttpResponse.json(aUser({ credits }))),
      http.get('/api/subscription-tiers', () => HttpResponse.json([citizenTier])),
    );
    onAnalyze(() => {
      credits = 0;
      return HttpResponse.json({ code: 'credits.insufficient', message: 'You have no credits left.' }, { status: 402 });
    });
    const { user } = await openAnalyze();
    await user.upload(screen.getByLabelText('PDF document'), pdf());
    await user.click(screen.getByRole('button', { name: /Analyze Document/ }));

    expect(await screen.findByText('Insufficient Credits')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Upgrade to Get More Credits' })).toBeInTheDocument();
  });
});

describe('Analyze page: running an analysis', () => {
  it('shows Processing... and the progress from the server-sent events, then the results', async () => {
    let credits = 3;
    const user = () => aUser({ credits, subscriptionTier: 'patriot', tier: 'patriot' });
    let dashboardCalls = 0;
    server.use(
      http.get('/api/user', () => HttpResponse.json(user())),
      http.get('/api/dashboard', () => {
        dashboardCalls += 1;
        return HttpResponse.json(aDashboard({ user: user() }));
      }),
    );
    const analyze = onAnalyze(() => {
      credits = 2;
      return HttpResponse.json(analyzeAnswer());
    });
    analyze.hold();
    const { user: actor } = await openAnalyze('/');
    expect(await screen.findByText('3 credits remaining')).toBeInTheDocument();

    await actor.upload(screen.getByLabelText('PDF document'), pdf('City Budget.pdf'));
    await actor.click(screen.getByRole('button', { name: /Analyze Document/ }));

    const processing = await screen.findByRole('button', { name: 'Processing...' });
    expect(processing).toBeDisabled();
    await waitFor(() => expect(analyze.seen.forms).toHaveLength(1));
    // Opened a moment after the POST, once the server has usually taken the analysis in.
    const refused = await waitFor(() => {
      expect(EventSourceStub.instances).toHaveLength(1);
      return EventSourceStub.instances[0]!;
    });
    // Not taken in yet (404): EventSource gives up on a refusal, so the page opens the stream again.
    act(() => refused.refuse());
    const stream = await waitFor(() => {
      expect(EventSourceStub.instances).toHaveLength(2);
      return EventSourceStub.instances[1]!;
    }, { timeout: 3_000 });
    expect(stream.url).toBe(`/api/analyze/progress/${String(analyze.seen.forms[0]!.get('progressId'))}`);
    expect(stream.init?.withCredentials).toBe(true);

    const progress = screen.getByTestId('analysis-progress');
    expect(progress).toHaveTextContent('Uploading your document');
    const bar = screen.getByRole('progressbar', { name: 'Analysis progress' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    act(() => stream.emit({ stage: 'queued' }));
    expect(progress).toHaveTextContent('Waiting for the analyzer');
    act(() => stream.emit({ stage: 'queued', ahead: 2, estimatedSeconds: 170 }));
    expect(progress).toHaveTextContent('Waiting for the analyzer: 2 analyses ahead of yours, about 3 minutes');
    act(() => stream.emit({ stage: 'queued', ahead: 0, estimatedSeconds: 20 }));
    expect(progress).toHaveTextContent('Waiting for the analyzer: yours is next, less than a minute');
    act(() => stream.emit({ stage: 'extracting', page: 3, pages: 10 }));
    expect(progress).toHaveTextContent('Reading page 3 of 10');
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(bar).toHaveAttribute('aria-valuetext', 'Reading page 3 of 10');
    act(() => stream.emit({ stage: 'ocr', page: 2, pages: 7 }));
    expect(progress).toHaveTextContent('Reading scanned page 2 of 7 (OCR)');
    act(() => stream.emit({ stage: 'analysing' }));
    expect(progress).toHaveTextContent('Analysing');
    act(() => stream.emit({ stage: 'analysing', part: 3, parts: 7 }));
    expect(progress).toHaveTextContent('Analysing part 3 of 7');
    act(() => stream.emit({ stage: 'checking_citations' }));
    expect(progress).toHaveTextContent('Checking citations');
    act(() => stream.emit({ stage: 'bogus' }));
    expect(progress).toHaveTextContent('Checking citations');
    expect(stream.closed).toBe(false);

    const dashboardCallsBefore = dashboardCalls;
    analyze.release();
    expect(await screen.findByText('Completed just now')).toBeInTheDocument();
    // The toast comes a moment later when it is the first: its viewport's code loads with it (ADR 0018).
    expect(await screen.findByText('Analysis Complete')).toBeInTheDocument();
    expect(screen.getByText('Your document has been analyzed successfully.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Analysis Results' })).toBeInTheDocument();
    expect(screen.getByText('City Budget · Constitutional Check')).toBeInTheDocument();
    expect(stream.closed).toBe(true);
    // The user (credits) and the dashboard are fetched again.
    expect(await screen.findByText('2 credits remaining')).toBeInTheDocument();
    await waitFor(() => expect(dashboardCalls).toBeGreaterThan(dashboardCallsBefore));
  });

  it('cancels the analysis under way: the server stops it, and the credit it gives back is shown', async () => {
    let credits = 1;
    server.use(
      http.get('/api/user', () => HttpResponse.json(aUser({ credits }))),
      http.get('/api/dashboard', () => HttpResponse.json(aDashboard({ user: aUser({ credits }) }))),
    );
    const cancelled: string[] = [];
    server.use(http.post('/api/analyze/progress/:progressId/cancel', ({ params }) => {
      cancelled.push(String(params.progressId));
      credits = 1;
      analyze.release();
      return new HttpResponse(null, { status: 204 });
    }));
    const analyze = onAnalyze(() => HttpResponse.json({ code: 'analysis.cancelled', message: 'Analysis cancelled. Your credit has been returned.' }, { status: 409 }));
    analyze.hold();
    const { user } = await openAnalyze('/');
    expect(await screen.findByText('1 credit remaining')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('PDF document'), pdf());
    await user.click(screen.getByRole('button', { name: /Analyze Document/ }));
    await waitFor(() => expect(analyze.seen.forms).toHaveLength(1));
    credits = 0;

    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(cancelled).toEqual([String(analyze.seen.forms[0]!.get('progressId'))]);
    expect(await screen.findByText('Analysis Cancelled')).toBeInTheDocument();
    expect(screen.getByText('Analysis cancelled. Your credit has been returned.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(await screen.findByText('1 credit remaining')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Analyze Document/ })).toBeEnabled();
  });

  it('Analyze Another clears the file, the text and the result and returns to the form', async () => {
    signedInAs(aUser());
    onAnalyze();
    const { user } = await openAnalyze();
    await user.click(screen.getByRole('tab', { name: 'Paste Text' }));
    await user.type(screen.getByLabelText('Document text'), 'Resolution 12 renames Main Street.');
    await user.click(screen.getByRole('tab', { name: 'Upload PDF' }));
    await user.upload(screen.getByLabelText('PDF document'), pdf());
    await user.click(screen.getByRole('button', { name: /Analyze Document/ }));
    await screen.findByText('Completed just now');

    await user.click(screen.getByRole('button', { name: 'Analyze Another' }));
    expect(screen.queryByText('Completed just now')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Choose File/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Analyze Document/ })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'Paste Text' }));
    expect(screen.getByLabelText('Document text')).toHaveValue('');
  });

  it('shows Upload Failed with the server message, and the form stays as it was', async () => {
    signedInAs(aUser());
    onAnalyze(() =>
      HttpResponse.json({ code: 'document.too_many_pages', message: 'Your Citizen plan reads 1 PDF page per document; this one has 4.' }, { status: 413 }),
    );
    const { user } = await openAnalyze();
    await user.upload(screen.getByLabelText('PDF document'), pdf('Long.pdf'));
    await user.click(screen.getByRole('button', { name: /Analyze Document/ }));

    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
    expect(screen.getByText('Your Citizen plan reads 1 PDF page per document; this one has 4.')).toBeInTheDocument();
    expect(screen.getByText('Long.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Analyze Document/ })).toBeEnabled();
    // No stream is left open (the POST may have failed before the first one opened).
    expect(EventSourceStub.instances.every((stream) => stream.closed)).toBe(true);
  });

  it('shows Upload Failed with "Failed to upload document" when the server gives no message', async () => {
    signedInAs(aUser());
    onAnalyze(() => new HttpResponse('<html>Bad gateway</html>', { status: 502 }));
    const { user } = await openAnalyze();
    await user.upload(screen.getByLabelText('PDF document'), pdf());
    await user.click(screen.getByRole('button', { name: /Analyze Document/ }));

    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to upload document')).toBeInTheDocument();
  });
});
