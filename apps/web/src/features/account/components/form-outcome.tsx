/** What the last submission of a settings form came to, shown under it until the next one. */
export type FormOutcome = { kind: 'success' | 'error'; message: string } | null;

/** The outcome as a polite status (success) or an alert (failure), so screen readers announce it. */
export function FormOutcomeMessage({ outcome }: { outcome: FormOutcome }) {
  if (!outcome) return null;
  return outcome.kind === 'success' ? (
    <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      {outcome.message}
    </p>
  ) : (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
      {outcome.message}
    </p>
  );
}
