import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { GitCompareArrows, LoaderCircle } from 'lucide-react';
import {
  DEFAULT_TEXT_TITLE,
  MAX_TITLE_CHARACTERS,
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
import { TextField } from '../../../components/ui/form-field.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { useToast } from '../../../components/ui/toaster.tsx';
import { publicConfigQuery } from '../../../lib/public-config.ts';
import { INSUFFICIENT_CREDITS_TOAST, analyzeFailureToast, useAnalyzeDocument } from '../api/analyze-document.ts';
import { analyzeFormSchema, emptyAnalyzeForm, type AnalyzeFormOutput, type AnalyzeFormValues } from '../utils/analyze-form.ts';
import { describeProgress, readingFraction } from '../utils/progress-text.ts';
import { AnalysisResults } from './analysis-results.tsx';
import { AnalysisTypeFieldset, JurisdictionFieldset } from './analyze-fieldsets.tsx';
import { CancelButton } from './cancel-button.tsx';
import { DocumentDropZone } from './document-drop-zone.tsx';
import { DocumentLimits } from './document-limits.tsx';
import { DocumentSourceTabs, PastedTextField } from './document-source-tabs.tsx';

const usStateCodes = new Set<string>(usStates.map(([code]) => code));

type Completed = { response: AnalyzeResponse; title: string; analysisType: AnalysisType };

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
 * The document upload and analysis area (docs/product/screens.md "Analyze page"), on the signed-in home and at /analyze
 * (docs/product: the same component). Tier rules are shown here and enforced by the server.
 */
export function AnalyzeSection({ user, tier, headingLevel = 2 }: AnalyzeSectionProps) {
  const toast = useToast();
  const paid = isPaidTier(user.subscriptionTier);
  const offline = useQuery(publicConfigQuery).data?.analyzer === 'embedded';
  const form = useForm<AnalyzeFormValues, unknown, AnalyzeFormOutput>({
    resolver: zodResolver(analyzeFormSchema(paid)),
    defaultValues: emptyAnalyzeForm(user, usStateCodes),
  });
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

  const [country, state, file, text] = form.watch(['country', 'state', 'file', 'text']);
  const canSubmit = !pending && (file !== null || text.trim() !== '');
  const outOfCredits = user.credits <= 0;

  const onSubmit = form.handleSubmit(({ options, source }) => {
    if (pending) return;
    if (outOfCredits) {
      toast(INSUFFICIENT_CREDITS_TOAST);
      return;
    }
    setProgress(null);
    analyze.mutate({ source, options, progressId: crypto.randomUUID() });
  });

  function analyzeAnother() {
    // The options stay as they were chosen; the document goes.
    form.reset({ ...form.getValues(), file: null, text: '', title: '' });
    setProgress(null);
    setCompleted(null);
    analyze.reset();
    // Back to the form: the user's next step starts at its heading.
    requestAnimationFrame(() => sectionRef.current?.querySelector<HTMLElement>('#analyze-heading')?.focus());
  }

  const uncheckedLaw = offline ? lawBeyondOfflineAnalyzer(country, paid && country === 'US' && state ? state : null) : null;
  const { errors } = form.formState;

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
                <JurisdictionFieldset form={form} paid={paid} disabled={pending} offline={offline} uncheckedLaw={uncheckedLaw} />

                <Controller
                  control={form.control}
                  name="source"
                  render={({ field }) => (
                    <DocumentSourceTabs
                      value={field.value}
                      onValueChange={field.onChange}
                      upload={
                        <Controller
                          control={form.control}
                          name="file"
                          render={({ field: fileField }) => (
                            <DocumentDropZone
                              file={fileField.value}
                              onFile={fileField.onChange}
                              disabled={pending}
                              onReject={(message) => toast({ title: 'File Upload Error', description: message || 'File upload failed', variant: 'destructive' })}
                            />
                          )}
                        />
                      }
                      text={
                        <>
                          <TextField
                            label="Document title (optional)"
                            placeholder={DEFAULT_TEXT_TITLE}
                            maxLength={MAX_TITLE_CHARACTERS}
                            disabled={pending}
                            error={errors.title?.message}
                            {...form.register('title')}
                          />
                          <PastedTextField length={text.length} tier={tier} disabled={pending} error={errors.text?.message} {...form.register('text')} />
                        </>
                      }
                    />
                  )}
                />
              </div>

              <div className="space-y-6">
                <AnalysisTypeFieldset form={form} paid={paid} disabled={pending} />

                <DocumentLimits tier={tier} per="document" cost="PDF files up to 10 MB, one at a time. Each analysis uses 1 credit." />

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
