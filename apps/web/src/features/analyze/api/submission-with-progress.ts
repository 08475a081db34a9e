import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnalysisProgressEvent } from '@civicwatch/core/contracts/index.ts';
import { HttpError } from '../../../lib/api-client.ts';
import { currentUserKey, dashboardKey } from '../../../lib/query-client.ts';
import { cancelAnalysis, openAnalysisProgress } from './analysis-progress.ts';
import { analysesKey } from './list-analyses.ts';

export type SubmissionCallbacks<Input, Response> = {
  onProgress: (event: AnalysisProgressEvent) => void;
  onSuccess: (response: Response, input: Input) => void;
  onFailure: (error: unknown) => void;
};

/**
 * Runs one analysis or comparison: its progress stream is opened just before the POST and closed when it settles.
 * Success refreshes the user (credits), the dashboard and the history (docs/product/screens.md "Analyze page"); a failure
 * refreshes the user, whose credit may have come back or whose balance the page showed out of date (a 402, so
 * that the upgrade button appears). `cancel` stops the one under way: its POST then fails as cancelled.
 */
export function useSubmissionWithProgress<Input extends { progressId: string }, Response>(
  submit: (input: Input) => Promise<Response>,
  callbacks: SubmissionCallbacks<Input, Response>,
) {
  const queryClient = useQueryClient();
  const submission = useMutation({
    mutationFn: async (input: Input) => {
      const stop = openAnalysisProgress(input.progressId, callbacks.onProgress);
      try {
        return await submit(input);
      } finally {
        stop();
      }
    },
    onSuccess: async (response, input) => {
      callbacks.onSuccess(response, input);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
        queryClient.invalidateQueries({ queryKey: dashboardKey }),
        queryClient.invalidateQueries({ queryKey: analysesKey }),
      ]);
    },
    onError: async (error) => {
      callbacks.onFailure(error);
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
  // An analysis that ended meanwhile (404) needs nothing: its own answer is on its way.
  const cancellation = useMutation({
    mutationFn: cancelAnalysis,
    onError: (error) => {
      if (!(error instanceof HttpError && error.status === 404)) callbacks.onFailure(error);
    },
  });
  const { progressId } = submission.variables ?? {};
  return {
    ...submission,
    cancel: () => progressId && cancellation.mutate(progressId),
    cancelling: cancellation.isPending || (cancellation.isSuccess && cancellation.variables === progressId && submission.isPending),
  };
}
