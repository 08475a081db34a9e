import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { AuthLayout } from '../features/auth/components/auth-layout.tsx';
import { CreateAccountForm } from '../features/auth/components/create-account-form.tsx';
import { SignInForm } from '../features/auth/components/sign-in-form.tsx';

const linkClasses = 'rounded font-semibold text-blue-900 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600';

/**
 * /login: sign in, or create an account inline (docs/product/screens.md "Sign in"). Each mode mounts its own form, so toggling
 * starts both afresh.
 */
export function LoginPage() {
  const [mode, setMode] = useState<'sign-in' | 'create-account'>('sign-in');
  const signingIn = mode === 'sign-in';

  return (
    <AuthLayout
      title={signingIn ? 'Sign in to CivicWatch' : 'Create an account'}
      description={signingIn ? 'Welcome back, watchdog. Sign in to analyze government documents.' : 'Join CivicWatch and start holding government to account.'}
    >
      {signingIn ? <SignInForm /> : <CreateAccountForm page="login-page" onRegistered={() => setMode('sign-in')} />}
      <div className="mt-6 space-y-2 text-center text-sm text-slate-600">
        <p>
          {signingIn ? "Don't have an account? " : 'Already have an account? '}
          <button type="button" className={linkClasses} onClick={() => setMode(signingIn ? 'create-account' : 'sign-in')}>
            {signingIn ? 'Create one here' : 'Sign in instead'}
          </button>
        </p>
        <p>
          Prefer the full form?{' '}
          <Link to="/signup" className={linkClasses}>
            Go to the sign-up page
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}
