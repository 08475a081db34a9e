import { Link, useNavigate } from '@tanstack/react-router';
import { AuthLayout } from '../features/auth/components/auth-layout.tsx';
import { CreateAccountForm } from '../features/auth/components/create-account-form.tsx';

/** /signup: registers and, signed in by the server, goes to / (docs/product/screens.md "Sign up"). */
export function SignUpPage() {
  const navigate = useNavigate();
  return (
    <AuthLayout title="Create your account" description="Create a new account to start analyzing government documents.">
      <CreateAccountForm page="signup-page" onRegistered={() => void navigate({ to: '/' })} />
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to="/login" className="rounded font-semibold text-blue-900 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600">
          Already have an account? Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
