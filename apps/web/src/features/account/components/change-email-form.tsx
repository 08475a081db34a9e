import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailSchema, type ChangeEmailInput } from '@civicwatch/core/contracts/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { serverErrorCode, serverMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.ts';
import { useChangeEmail } from '../api/change-email.ts';
import { FormOutcomeMessage, type FormOutcome } from './form-outcome.tsx';
import { SettingsSection } from './settings-section.tsx';

const CHANGE_EMAIL_FAILED_MESSAGE = 'Failed to change your e-mail address. Please try again.';

const emptyForm: ChangeEmailInput = { newEmail: '', password: '' };

/**
 * The E-mail address section of account settings: the current address, and a form for a new one with the
 * password. The address changes only once the link e-mailed to the new address is opened; the answer says so.
 */
export function ChangeEmailForm() {
  const session = useSession();
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const form = useForm<ChangeEmailInput>({ resolver: zodResolver(changeEmailSchema), defaultValues: emptyForm });
  const change = useChangeEmail({
    onRequested: (message) => {
      form.reset(emptyForm);
      setOutcome({ kind: 'success', message });
    },
    onFailed: (error) => {
      const message = serverMessage(error) ?? CHANGE_EMAIL_FAILED_MESSAGE;
      const code = serverErrorCode(error);
      if (code === 'auth.wrong_password') form.setError('password', { message }, { shouldFocus: true });
      else if (code === 'auth.email_taken' || code === 'validation.invalid') form.setError('newEmail', { message }, { shouldFocus: true });
      else setOutcome({ kind: 'error', message });
    },
  });
  const { errors } = form.formState;
  const user = session.user;

  return (
    <SettingsSection title="E-mail Address" description="We send a confirmation link to the new address; it replaces the current one once you open it.">
      <div className="space-y-5">
        {user && (
          <p className="text-sm text-slate-700">
            Current address: <span className="font-medium text-slate-900">{user.email}</span>{' '}
            {user.emailVerified ? '(verified)' : '(not verified yet)'}
          </p>
        )}
        <form
          noValidate
          className="space-y-4"
          onSubmit={form.handleSubmit((values) => {
            setOutcome(null);
            change.mutate(values);
          })}
        >
          <TextField label="New E-mail Address" type="email" autoComplete="email" required error={errors.newEmail?.message} {...form.register('newEmail')} />
          <TextField label="Password" type="password" autoComplete="current-password" required error={errors.password?.message} {...form.register('password')} />
          <FormOutcomeMessage outcome={outcome} />
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Sending link...' : 'Change E-mail'}
          </Button>
        </form>
      </div>
    </SettingsSection>
  );
}
