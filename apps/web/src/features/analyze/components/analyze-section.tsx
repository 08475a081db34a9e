import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { GitCompareArrows, Info, LoaderCircle, MapPin, Sparkles } from 'lucide-react';
import {
  DEFAULT_TEXT_TITLE,
  MAX_CUSTOM_FOCUS_CHARACTERS,
  MAX_TITLE_CHARACTERS,
  analysisOptionsSchema,
  analysisTypes,
  countries,
  isPaidTier,
  lawBeyondOfflineAnalyzer,
  usStates,
  type AnalysisProgressEvent,
  type AnalysisType,
  type AnalyzeResponse,
  type SubscriptionTierView,
  type UserView,
} from '@civicwatch/core/contracts/index.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { useToast } from '../../../components/ui/toaster.tsx';
import { publicConfigQuery } from '../../../lib/public-config.ts';
import { cn } from '../../../lib/cn.ts';
import { INSUFFICIENT_CREDITS_TOAST, analyzeFailureToast, useAnalyzeDocument, type DocumentSource } from '../api/analyze-document.ts';
import { describeProgress, readingFraction } from '../utils/progress-text.ts';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { CancelButton } from './cancel-button.tsx';
import { AnalysisResults } from './analysis-results.tsx';
import { DocumentDropZone } from './document-drop-zone.tsx';
import { DocumentSourceTabs, PastedTextField, textareaClasses } from './document-source-tabs.tsx';
import { PaidFeatureNotice } from './paid-feature-notice.tsx';

const countryOptions = countries.map(([value, label]) => ({ value, label }));
const stateOptions = usStates.map(([value, label]) => ({ value, label }));
const usStateCodes = new Set<string>(usStates.map(([code]) => code));

const formatCount = (n: number) => n.toLocaleString('en-US');

type Completed = { response: AnalyzeResponse; title: string; analysisType: AnalysisType };

/**
 * Said before a credit is spent (DECISIONS "State selection with the offline analyzer"): the server's built-in
 * analyzer knows the US Constitution only, so the law of the state or country chosen goes unchecked. A status,
 * so that choosing a state announces it; the result repeats it among its warnings.
 */
function OfflineJurisdictionNote({ law }: { law: string }) {
  return (
    <p role="status" className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        This analysis will check the document against the US Constitution only. Checking it against {law} needs a language-model analyzer, which this
        server does not have.
      </span>
    </p>
  );
}

function Fieldset({ legend, icon, children }: { legend: string; icon: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4 sm:p-5">
      <legend className="flex items-center gap-2 px-1 text-sm font-semibold text-slate-900">
        {icon}
        {legend}
      </legend>
      {children}
    </fieldset>
  );
}

/** Document Limits (spec §2): the user's own tier, as the server defines it (DECISIONS), never constants. */
function DocumentLimits({ tier }: { tier: SubscriptionTierView | undefined }) {
  return (
    <aside aria-label="Document Limits" className="rounded-lg border border-blue-100 bg-blue-50/60 p-4 text-sm">
      <p className="flex items-center gap-2 font-semibold text-blue-950">
        <Info className="size-4" aria-hidden="true" />
        Document Limits
      </p>
      {tier ? (
        <p className="mt-1 text-slate-700">
          {tier.name} plan: {formatCount(tier.maxPages)} PDF {tier.maxPages === 1 ? 'page' : 'pages'} or {formatCount(tier.maxCharacters)} characters per
          document
        </p>
      ) : (
        <p className="mt-1 text-slate-500">Loading your plan&apos;s limits...</p>
      )}
      <p className="mt-1 text-slate-600">PDF files up to 10 MB, one at a time. Each analysis uses 1 credit.</p>
    </aside>
  );
}

function ProgressStatus({ event, cancel }: { event: AnalysisProgressEvent | null; cancel: ReactNode }) {
  const fraction = readingFraction(event);
  const said = describeProgress(event);
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <p role="status" aria-live="polite" className="flex min-w-0 items-center gap-2 text-sm font-medium text-slate-800">
          <LoaderCircle className="size-4 shrink-0 animate-spin text-blue-900" aria-hidden="true" />
          <span data-testid="analysis-progress">{said}</span>
        </p>
        {cancel}
      </div>
      <ProgressBar label="Analysis progress" fraction={fraction} valueText={fraction === null ? undefined : said} className="mt-3" />
    </div>
  );
}

function titleOfFile(name: string): string {
  return name.replace(/\.pdf$/i, '').trim() || name;
}

export type AnalyzeSectionProps = {
  user: UserView;
  /** The user's subscription tier, for the Document Limits notice; undefined while it loads. */
  tier: SubscriptionTierView | undefined;
  /** 1 where the section is the page (/analyze), 2 under the home's own h1. */
  headingLevel?: 1 | 2;
};

/**
 * The document upload and analysis area (spec §2 "Analyze page"), on the signed-in home and at /analyze
 * (DECISIONS: the same component). Tier rules are shown here and enforced by the server.
 */
export function AnalyzeSection({ user, tier, headingLevel = 2 }: AnalyzeSectionProps) {
  const toast = useToast();
  const paid = isPaidTier(user.subscriptionTier);
  const offline = useQuery(publicConfigQuery).data?.analyzer === 'embedded';
  const ids = { type: useId(), focus: useId(), focusHelp: useId() };

  const [country, setCountry] = useState<string>('US');
  const [state, setState] = useState<string>(() => (user.country === 'US' && user.state && usStateCodes.has(user.state) ? user.state : ''));
  const [analysisType, setAnalysisType] = useState<AnalysisType>('constitutional');
  const [customPrompt, setCustomPrompt] = useState('');
  const [tab, setTab] = useState<'upload' | 'text'>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [title, setTitle] = useState('');
  const [optionsError, setOptionsError] = useState<string | null>(null);
  const [progress, setProgress] = useState<AnalysisProgressEvent | null>(null);
  const [completed, setCompleted] = useState<Completed | null>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const sectionRef = useRef<HTMLElement>(null);

  const analyze = useAnalyzeDocument({
    onProgress: setProgress,
    onSuccess: (response, input) => {
      const sourceTitle = input.source.kind === 'file' ? titleOfFile(input.source.file.name) : input.source.title.trim() || DEFAULT_TEXT_TITLE;
      setCompleted({ response, title: sourceTitle, analysisType: input.options.analysisType });
      toast({ title: 'Analysis Complete', description: 'Your document has been analyzed successfully.', variant: 'success' });
    },
    onFailure: (error) => toast(analyzeFailureToast(error)),
  });
  const pending = analyze.isPending;

  useEffect(() => {
    if (completed) resultsRef.current?.focus();
  }, [completed]);

  const hasText = text.trim() !== '';
  const canSubmit = !pending && (file !== null || hasText);
  const outOfCredits = user.credits <= 0;

  function documentSource(): DocumentSource | null {
    const fromText: DocumentSource | null = hasText ? { kind: 'text', text, title } : null;
    const fromFile: DocumentSource | null = file ? { kind: 'file', file } : null;
    return tab === 'text' ? (fromText ?? fromFile) : (fromFile ?? fromText);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (outOfCredits) {
      toast(INSUFFICIENT_CREDITS_TOAST);
      return;
    }
    const source = documentSource();
    if (!source) return;
    // One source of truth for the options' rules: the shared contract (STYLE "One source of validation truth").
    const options = analysisOptionsSchema.safeParse({
      analysisType,
      country,
      state: paid && country === 'US' ? state : undefined,
      customPrompt: analysisType === 'custom' ? customPrompt : undefined,
    });
    if (!options.success) {
      setOptionsError(options.error.issues[0]?.message ?? 'Please check the analysis options.');
      return;
    }
    setOptionsError(null);
    setProgress(null);
    analyze.mutate({ source, options: options.data, progressId: crypto.randomUUID() });
  }

  function analyzeAnother() {
    setFile(null);
    setText('');
    setTitle('');
    setProgress(null);
    setCompleted(null);
    analyze.reset();
    // Back to the form: the user's next step starts at its heading.
    requestAnimationFrame(() => sectionRef.current?.querySelector<HTMLElement>('#analyze-heading')?.focus());
  }

  const uncheckedLaw = offline ? lawBeyondOfflineAnalyzer(country, paid && country === 'US' && state ? state : null) : null;

  return (
    <section ref={sectionRef} id="analyze" aria-labelledby="analyze-heading" className="scroll-mt-20">
      <Card>
        <CardHeader className="flex flex-wrap items-start justify-between gap-4 space-y-0">
          <div className="min-w-0 flex-[1_1_20rem] space-y-1.5">
            <CardTitle id="analyze-heading" level={headingLevel} tabIndex={-1} className="focus:outline-none">
              Analyze a Government Document
            </CardTitle>
            <CardDescription>Upload a PDF or paste text to get a summary, a constitutional check and recommended citizen actions.</CardDescription>
          </div>
          {/* The other question a watchdog asks of a document: what changed since its last version. */}
          <Link to="/compare" className={buttonClasses('outline', 'sm')}>
            <GitCompareArrows className="size-4" aria-hidden="true" />
            Compare two versions
          </Link>
        </CardHeader>
        <CardContent>
          {completed ? (
            <div ref={resultsRef} tabIndex={-1} className="focus:outline-none">
              <AnalysisResults
                title={completed.title}
                analysisId={completed.response.analysisId}
                analysisType={completed.analysisType}
                createdAt={completed.response.createdAt}
                result={completed.response}
                statusLabel="Completed just now"
                onAnalyzeAnother={analyzeAnother}
              />
            </div>
          ) : (
            <form noValidate onSubmit={onSubmit} aria-busy={pending} className="grid grid-cols-1 gap-6 lg:grid-cols-2">
              <div className="space-y-6">
                <Fieldset legend="Jurisdiction" icon={<MapPin className="size-4 text-blue-900" aria-hidden="true" />}>
                  <SelectField
                    label="Country"
                    options={countryOptions}
                    value={country}
                    disabled={pending}
                    onChange={(event) => {
                      setCountry(event.target.value);
                      if (event.target.value !== 'US') setState('');
                    }}
                  />
                  {country === 'US' &&
                    (paid ? (
                      <SelectField
                        label="State"
                        options={stateOptions}
                        placeholder="All states (federal analysis)"
                        value={state}
                        disabled={pending}
                        onChange={(event) => setState(event.target.value)}
                        // Offline, a state's law goes unchecked: the note below says so, the hint must not promise it.
                        hint={offline ? undefined : 'Choose a state to include its constitution and laws.'}
                      />
                    ) : (
                      <PaidFeatureNotice message="State selection available for paying subscribers" action="Upgrade to Select State" />
                    ))}
                  {uncheckedLaw && <OfflineJurisdictionNote law={uncheckedLaw} />}
                </Fieldset>

                <DocumentSourceTabs
                  value={tab}
                  onValueChange={setTab}
                  upload={
                    <DocumentDropZone
                      file={file}
                      onFile={setFile}
                      disabled={pending}
                      onReject={(message) => toast({ title: 'File Upload Error', description: message || 'File upload failed', variant: 'destructive' })}
                    />
                  }
                  text={
                    <>
                      <TextField
                        label="Document title (optional)"
                        placeholder={DEFAULT_TEXT_TITLE}
                        value={title}
                        maxLength={MAX_TITLE_CHARACTERS}
                        disabled={pending}
                        onChange={(event) => setTitle(event.target.value)}
                      />
                      <PastedTextField value={text} length={text.length} tier={tier} disabled={pending} onChange={(event) => setText(event.target.value)} />
                    </>
                  }
                />
              </div>

              <div className="space-y-6">
                <Fieldset legend="Analysis Type" icon={<Sparkles className="size-4 text-blue-900" aria-hidden="true" />}>
                  <div className="space-y-3">
                    {analysisTypes.map(({ key: value, label, description, paidOnly }) => {
                      const locked = paidOnly && !paid;
                      const checked = analysisType === value;
                      return (
                        <label
                          key={value}
                          className={cn(
                            'flex items-start gap-3 rounded-lg border p-3 transition-colors',
                            checked ? 'border-blue-600 bg-blue-50/60' : 'border-slate-200',
                            locked ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:border-blue-300',
                          )}
                        >
                          <input
                            type="radio"
                            name="analysisType"
                            value={value}
                            checked={checked}
                            disabled={locked || pending}
                            aria-labelledby={`${ids.type}-${value}-label`}
                            aria-describedby={`${ids.type}-${value}-description`}
                            onChange={() => setAnalysisType(value)}
                            className="mt-1 size-4 shrink-0 accent-blue-900"
                          />
                          <span>
                            <span id={`${ids.type}-${value}-label`} className="block text-sm font-semibold text-slate-900">
                              {label}
                            </span>
                            <span id={`${ids.type}-${value}-description`} className="block text-sm text-slate-600">
                              {description}
                            </span>
                          </span>
                        </label>
                      );
                    })}
                  </div>
                  {!paid && <PaidFeatureNotice message="Available for paying subscribers" action="Upgrade to Access Custom Analysis" />}
                  {paid && analysisType === 'custom' && (
                    <div className="space-y-1.5">
                      <label htmlFor={ids.focus} className="block text-sm font-medium text-slate-800">
                        Custom focus
                      </label>
                      <textarea
                        id={ids.focus}
                        rows={4}
                        value={customPrompt}
                        maxLength={MAX_CUSTOM_FOCUS_CHARACTERS}
                        disabled={pending}
                        aria-describedby={ids.focusHelp}
                        placeholder="e.g. Look for no-bid contracts and changes to public comment periods"
                        onChange={(event) => setCustomPrompt(event.target.value)}
                        className={textareaClasses}
                      />
                      <p id={ids.focusHelp} className="text-xs text-slate-500">
                        Tell the watchdog what to look for. {formatCount(customPrompt.length)} / {formatCount(MAX_CUSTOM_FOCUS_CHARACTERS)} characters
                      </p>
                    </div>
                  )}
                  {optionsError && (
                    <p role="alert" className="text-sm text-red-700">
                      {optionsError}
                    </p>
                  )}
                </Fieldset>

                <DocumentLimits tier={tier} />

                {pending && <ProgressStatus event={progress} cancel={<CancelButton onCancel={analyze.cancel} cancelling={analyze.cancelling} />} />}

                {outOfCredits ? (
                  <div className="space-y-2">
                    <Link to="/subscribe" className={buttonClasses('secondary', 'lg', 'w-full')}>
                      Upgrade to Get More Credits
                    </Link>
                    <p className="text-center text-sm text-slate-600">You have no credits left. Each analysis uses 1 credit.</p>
                  </div>
                ) : (
                  <Button type="submit" size="lg" disabled={!canSubmit} className="h-auto w-full flex-col gap-0.5 py-3">
                    {pending ? (
                      <span className="inline-flex items-center gap-2">
                        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
                        Processing...
                      </span>
                    ) : (
                      <>
                        <span>Analyze Document</span>
                        <span className="text-xs font-normal opacity-80">Analysis typically takes 10-30 seconds</span>
                      </>
                    )}
                  </Button>
                )}
              </div>
            </form>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
