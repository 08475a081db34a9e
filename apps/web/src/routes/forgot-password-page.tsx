import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@civicwatch/core/contracts/index.ts';
import { Button } from '../components/ui/button.tsx';
import { TextField } from '../components/ui/form-field.tsx';
import { AuthLayout } from '../features/auth/components/auth-layout.tsx';
import { useForgotPassword } from '../features/account/api/forgot-password.ts';
import { FormOutcomeMessage } from '../features/account/components/form-outcome.tsx';
import { serverMessage } from '../lib/api-client.ts';

const linkClasses = 'rounded font-semibold text-blue-900 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600';
const FORGOT_FAILED_MESSAGE = 'Failed to send the reset link. Please try again.';

/**
 * /forgot-password: the address of the account, and a link to choose a new password goes to it. The answer
 * is the same whether or not the address has an account (ADR 0008).
 */
export function ForgotPasswordPage() {
  const form = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  const forgot = useForgotPassword();
  const { errors } = form.formState;

  return (
    <AuthLayout title="Forgot your password?" description="Enter the e-mail address of your account and we will send you a link to choose a new password.">
      {forgot.isSuccess ? (
        <FormOutcomeMessage outcome={{ kind: 'success', message: forgot.data }} />
      ) : (
        <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => forgot.mutate(values))}>
          <TextField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
          {forgot.isError && <FormOutcomeMessage outcome={{ kind: 'error', message: serverMessage(forgot.error) ?? FORGOT_FAILED_MESSAGE }} />}
          <Button type="submit" className="w-full" disabled={forgot.isPending}>
            {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        Remembered it?{' '}
        <Link to="/login" className={linkClasses}>
          Back to sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
