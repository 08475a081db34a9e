import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { inlineSignUpFormSchema, signUpFormSchema } from '@civicwatch/core/contracts/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { useToast } from '../../../components/ui/toaster.tsx';
import { registrationFailureMessage, useRegister } from '../api/register.ts';

type CreateAccountValues = { username: string; email: string; password: string; confirmPassword: string };

const resolvers: Record<'signup-page' | 'login-page', Resolver<CreateAccountValues>> = {
  'signup-page': zodResolver(signUpFormSchema),
  'login-page': zodResolver(inlineSignUpFormSchema),
};

const successDescriptions = {
  'signup-page': 'Account created successfully. Logging you in...',
  'login-page': 'Account created successfully. You can now log in.',
};

/**
 * The two registering forms (docs/product/screens.md "Sign up", docs/product/screens.md "Form checks"). On /signup every sign-up rule is checked here; the inline
 * form of /login checks only that the passwords match and leaves the rest to the server, whose message
 * is shown. Either way the username travels as firstName.
 */
export function CreateAccountForm({ page, onRegistered }: { page: 'signup-page' | 'login-page'; onRegistered: () => void }) {
  const toast = useToast();
  const form = useForm<CreateAccountValues>({
    resolver: resolvers[page],
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const register = useRegister({
    onSuccess: () => {
      toast({ title: 'Registration Successful', description: successDescriptions[page], variant: 'success' });
      onRegistered();
    },
    onError: (error) => toast({ title: 'Registration Failed', description: registrationFailureMessage(error, page), variant: 'destructive' }),
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit(({ username, email, password }) => register.mutate({ firstName: username, email, password }))}
    >
      <TextField label="Username" autoComplete="username" required error={errors.username?.message} {...form.register('username')} />
      <TextField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
