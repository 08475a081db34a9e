import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { FileSearch, LoaderCircle } from 'lucide-react';
import { isPaidTier, type AnalysisProgressEvent, type CompareResponse, type SubscriptionTierView, type UserView } from '@civicwatch/core/contracts/index.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useToast } from '../../../components/ui/toaster.tsx';
import { INSUFFICIENT_CREDITS_TOAST, analyzeFailureToast } from '../api/analyze-document.ts';
import { useCompareVersions } from '../api/compare-versions.ts';
import { compareFormSchema, emptyCompareForm, type CompareFormOutput, type CompareFormValues } from '../utils/compare-form.ts';
import { CancelButton } from './cancel-button.tsx';
import { DocumentLimits } from './document-limits.tsx';
import { ComparisonProgress } from './comparison-progress.tsx';
import { ComparisonResults } from './comparison-results.tsx';
import { PaidFeatureNotice } from './paid-feature-notice.tsx';
import { VersionInput } from './version-input.tsx';

/** docs/product/analysis.md "Comparing versions": the server's refusal to a Citizen, said here in place of a form it would refuse. */
export const COMPARISON_PAID_MESSAGE = 'Comparing versions is available for paying subscribers';

export type CompareSectionProps = {
  user: UserView;
  /** The user's subscription tier, for the limits; undefined while it loads. */
  tier: SubscriptionTierView | undefined;
};

/**
 * Compare versions (issue 17): the earlier and the later version of a document, each a PDF or pasted text, for one
 * credit on a paid tier; progress for both; then what changed, with the page in each. A Citizen sees the form
 * locked, why, and the way to upgrade. Tier rules are shown here and enforced by the server.
 */
export function CompareSection({ user, tier }: CompareSectionProps) {
  const toast = useToast();
  const locked = !isPaidTier(user.subscriptionTier);
  const form = useForm<CompareFormValues, unknown, CompareFormOutput>({ resolver: zodResolver(compareFormSchema), defaultValues: emptyCompareForm() });
  const [progress, setProgress] = useState<AnalysisProgressEvent[]>([]);
  const [completed, setCompleted] = useState<CompareResponse | null>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const sectionRef = useRef<HTMLElement>(null);

  const compare = useCompareVersions({
    onProgress: (event) => setProgress((events) => [...events, event]),
    onSuccess: (response) => {
      setCompleted(response);
      toast({ title: 'Comparison Complete', description: 'The two versions have been compared.', variant: 'success' });
    },
    onFailure: (error) => toast(analyzeFailureToast(error)),
  });
  const pending = compare.isPending;
  const outOfCredits = user.credits <= 0;

  useEffect(() => {
    if (completed) resultsRef.current?.focus();
  }, [completed]);

  const onSubmit = form.handleSubmit(({ earlier, later }) => {
    if (pending) return;
    if (outOfCredits) {
      toast(INSUFFICIENT_CREDITS_TOAST);
      return;
    }
    setProgress([]);
    compare.mutate({ earlier, later, progressId: crypto.randomUUID() });
  });

  function compareAnother() {
    form.reset(emptyCompareForm());
    setProgress([]);
    setCompleted(null);
    compare.reset();
    // Back to the form: the user's next step starts at its heading.
    requestAnimationFrame(() => sectionRef.current?.querySelector<HTMLElement>('#compare-heading')?.focus());
  }

  const onReject = (message: string) => toast({ title: 'File Upload Error', description: message || 'File upload failed', variant: 'destructive' });
  const { errors } = form.formState;

  return (
    <section ref={sectionRef} aria-labelledby="compare-heading">
      <Card>
        <CardHeader className="flex flex-wrap items-start justify-between gap-4 space-y-0">
          <div className="min-w-0 flex-[1_1_20rem] space-y-1.5">
            <CardTitle id="compare-heading" level={1} tabIndex={-1} className="focus:outline-none">
              Compare Versions
            </CardTitle>
            <CardDescription>
              Put an earlier and a later version of a document side by side (a tentative budget and the one adopted, last year&apos;s levy and this
              year&apos;s) to see what changed, with the page in each.
            </CardDescription>
          </div>
          <Link to="/analyze" className={buttonClasses('ghost', 'sm', 'text-blue-900')}>
            <FileSearch className="size-4" aria-hidden="true" />
            Analyze one document
          </Link>
        </CardHeader>
        <CardContent>
          {completed ? (
            <div ref={resultsRef} tabIndex={-1} className="focus:outline-none">
              <ComparisonResults
                title={completed.metadata.later.title}
                analysisId={completed.analysisId}
                createdAt={completed.createdAt}
                result={completed}
                statusLabel="Completed just now"
                onCompareAnother={compareAnother}
                headingLevel={2}
              />
            </div>
          ) : (
            <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={pending} className="space-y-6">
              {locked && <PaidFeatureNotice message={COMPARISON_PAID_MESSAGE} action="Upgrade to Compare Versions" />}
              <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
                {(['earlier', 'later'] as const).map((side) => (
                  <VersionInput
                    key={side}
                    side={side}
                    control={form.control}
                    register={form.register}
                    errors={errors[side]}
                    tier={tier}
                    disabled={locked || pending}
                    onReject={onReject}
                  />
                ))}
              </div>

              <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
                <DocumentLimits tier={tier} per="version" cost="PDF files up to 10 MB each. A comparison of the two versions uses 1 credit." />
                <div className="space-y-4">
                  {pending && <ComparisonProgress events={progress} cancel={<CancelButton onCancel={compare.cancel} cancelling={compare.cancelling} />} />}
                  {locked ? null : outOfCredits ? (
                    <div className="space-y-2">
                      <Link to="/subscribe" className={buttonClasses('secondary', 'lg', 'w-full')}>
                        Upgrade to Get More Credits
                      </Link>
                      <p className="text-center text-sm text-slate-600">You have no credits left. A comparison uses 1 credit.</p>
                    </div>
                  ) : (
                    <Button type="submit" size="lg" disabled={pending} className="h-auto w-full flex-col gap-0.5 py-3">
                      {pending ? (
                        <span className="inline-flex items-center gap-2">
                          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
                          Comparing...
                        </span>
                      ) : (
                        <>
                          <span>Compare Versions</span>
                          <span className="whitespace-normal text-xs font-normal opacity-80">A comparison typically takes 10-90 seconds; scans take the longest</span>
                        </>
                      )}
                    </Button>
                  )}
                </div>
              </div>
            </form>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
