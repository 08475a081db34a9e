import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearch } from '@tanstack/react-router';
import { INVALID_ACCOUNT_LINK_MESSAGE, resetPasswordFormSchema, type ResetPasswordFormInput } from '@civicwatch/core/contracts/index.ts';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { AuthLayout } from '../features/auth/components/auth-layout.tsx';
import { useResetPassword } from '../features/account/api/reset-password.ts';
import { FormOutcomeMessage } from '../features/account/components/form-outcome.tsx';
import { NewPasswordFields } from '../features/account/components/new-password-fields.tsx';
import { serverErrorCode, serverMessage } from '../lib/api-client.ts';

const linkClasses = 'rounded font-semibold text-blue-900 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600';
const PASSWORD_RESET_MESSAGE = 'Your password has been changed, and every other device signed in to your account has been signed out.';
const RESET_FAILED_MESSAGE = 'Failed to change your password. Please try again.';

/** A link that can no longer work: the page offers a new one rather than the form. */
const isDeadLink = (error: unknown) => (serverErrorCode(error) ?? '').startsWith('token.');

function AskForANewLink() {
  return (
    <Link to="/forgot-password" className={buttonClasses('primary', 'md', 'w-full')}>
      Get a New Link
    </Link>
  );
}

/**
 * /reset-password?token=...: the link of a password-reset e-mail (one hour, once). The new password twice;
 * then sign in with it. A link that is not valid, used or expired says so and offers a new one.
 */
export function ResetPasswordPage() {
  const search = useSearch({ strict: false });
  const token = typeof search.token === 'string' && search.token.trim() ? search.token.trim() : undefined;
  const form = useForm<ResetPasswordFormInput>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: '', confirmPassword: '' } });
  const reset = useResetPassword();
  const { errors } = form.formState;

  const body = !token ? (
    <div className="space-y-4">
      <FormOutcomeMessage outcome={{ kind: 'error', message: INVALID_ACCOUNT_LINK_MESSAGE }} />
      <AskForANewLink />
    </div>
  ) : reset.isSuccess ? (
    <div className="space-y-4">
      <FormOutcomeMessage outcome={{ kind: 'success', message: PASSWORD_RESET_MESSAGE }} />
      <Link to="/login" className={buttonClasses('primary', 'md', 'w-full')}>
        Sign In
      </Link>
    </div>
  ) : reset.isError && isDeadLink(reset.error) ? (
    <div className="space-y-4">
      <FormOutcomeMessage outcome={{ kind: 'error', message: serverMessage(reset.error) ?? INVALID_ACCOUNT_LINK_MESSAGE }} />
      <AskForANewLink />
    </div>
  ) : (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit(({ password }) => reset.mutate({ token, password }))}>
      <NewPasswordFields register={form.register} errors={errors} />
      {reset.isError && <FormOutcomeMessage outcome={{ kind: 'error', message: serverMessage(reset.error) ?? RESET_FAILED_MESSAGE }} />}
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Set New Password'}
      </Button>
    </form>
  );

  return (
    <AuthLayout title="Choose a new password" description="Your new password replaces the old one everywhere.">
      {body}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to="/login" className={linkClasses}>
          Back to sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
