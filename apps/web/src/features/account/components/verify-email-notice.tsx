import { useQuery } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { useSession } from '../../../lib/auth.ts';
import { publicConfigQuery } from '../../../lib/public-config.ts';
import { ResendVerificationButton } from './resend-verification-button.tsx';

/** Why to verify, where the link went, and a way to get a new one. `title` is the notice's own first line. */
export function VerifyEmailNotice({ email, title = 'Please verify your e-mail address.' }: { email: string; title?: string }) {
  return (
    <div className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <MailWarning className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="space-y-3">
        <p className="text-sm">
          <strong className="font-semibold">{title}</strong> We sent a link to <span className="font-medium">{email}</span>: open it to
          confirm that the address is yours. You need a confirmed address to subscribe to a paid plan.
        </p>
        <ResendVerificationButton />
      </div>
    </div>
  );
}

/**
 * The banner of the signed-in home until the account's address is verified; nothing otherwise, and nothing
 * on a server that sends no e-mail, where no link can arrive and checkout asks for none.
 */
export function VerifyEmailBanner() {
  const session = useSession();
  const config = useQuery(publicConfigQuery);
  if (session.status !== 'signed-in' || session.user.emailVerified || !config.data?.verifiedEmailRequired) return null;
  return (
    <section aria-label="E-mail verification">
      <VerifyEmailNotice email={session.user.email} />
    </section>
  );
}
