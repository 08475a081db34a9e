import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnalysisProgressEvent } from '@civicwatch/core/contracts/index.ts';
import { HttpError } from '../../../lib/api-client.ts';
import { currentUserKey, dashboardKey } from '../../../lib/query-client.ts';
import { openAnalysisProgress } from './analysis-progress.ts';
import { analysesKey } from './list-analyses.ts';

export type SubmissionCallbacks<Input, Response> = {
  onProgress: (event: AnalysisProgressEvent) => void;
  onSuccess: (response: Response, input: Input) => void;
  onFailure: (error: unknown) => void;
};

/**
 * Runs one analysis or comparison: its progress stream is opened just before the POST and closed when it settles.
 * Success refreshes the user (credits), the dashboard and the history (spec §4 "Analysis submission"); a 402
 * refreshes the user, whose balance the page showed out of date, so that the upgrade button appears.
 */
export function useSubmissionWithProgress<Input extends { progressId: string }, Response>(
  submit: (input: Input) => Promise<Response>,
  callbacks: SubmissionCallbacks<Input, Response>,
) {
  const queryClient = useQueryClient();
  return useMutation({
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
      if (error instanceof HttpError && error.status === 402) await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
