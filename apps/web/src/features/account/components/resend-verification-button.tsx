import { Button } from '../../../components/ui/button.tsx';
import { serverMessage } from '../../../lib/api-client.ts';
import { useResendVerification } from '../api/resend-verification.ts';

const RESEND_FAILED_MESSAGE = 'Failed to send the verification e-mail. Please try again.';

/** "Resend verification e-mail", then what came of it: sent (the server's words) or why it failed. */
export function ResendVerificationButton() {
  const resend = useResendVerification();
  const failure = resend.isError ? (serverMessage(resend.error) ?? RESEND_FAILED_MESSAGE) : null;

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="outline" size="sm" onClick={() => resend.mutate()} disabled={resend.isPending || resend.isSuccess}>
        {resend.isPending ? 'Sending...' : resend.isSuccess ? 'Verification e-mail sent' : 'Resend verification e-mail'}
      </Button>
      <span aria-live="polite" className="text-sm">
        {resend.isSuccess && <span className="text-emerald-800">{resend.data}</span>}
      </span>
      {failure && (
        <span role="alert" className="text-sm text-red-800">
          {failure}
        </span>
      )}
    </div>
  );
}
