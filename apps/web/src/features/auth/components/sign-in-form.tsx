import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { signInSchema } from '@civicwatch/core/contracts/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { useToast } from '../../../components/ui/toaster.tsx';
import { loginFailureMessage, useLogin } from '../api/login.ts';

/** Email and password, checked with the sign-in rules of docs/product/screens.md "Form checks"; success goes to /. A forgotten password is reset from /forgot-password. */
export function SignInForm() {
  const navigate = useNavigate();
  const toast = useToast();
  const form = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });
  const login = useLogin({
    onSuccess: () => void navigate({ to: '/' }),
    onError: (error) => toast({ title: 'Login Failed', description: loginFailureMessage(error), variant: 'destructive' }),
  });
  const { errors } = form.formState;

  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => login.mutate(values))}>
      <TextField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...form.register('password')}
      />
      <p className="-mt-1 text-right text-sm">
        <Link to="/forgot-password" className="rounded font-medium text-blue-900 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600">
          Forgot password?
        </Link>
      </p>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
