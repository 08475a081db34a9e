import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema, type ChangePasswordFormInput } from '@civicwatch/core/contracts/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { serverErrorCode, serverMessage } from '../../../lib/api-client.ts';
import { useChangePassword } from '../api/change-password.ts';
import { FormOutcomeMessage, type FormOutcome } from './form-outcome.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { SettingsSection } from './settings-section.tsx';

const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. Any other device signed in to your account has been signed out.';
const CHANGE_PASSWORD_FAILED_MESSAGE = 'Failed to change your password. Please try again.';

const emptyForm: ChangePasswordFormInput = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * The Password section of account settings: the current password, then the new one twice. A wrong current
 * password is shown on its field; success clears the form and says that other sessions were ended.
 */
export function ChangePasswordForm() {
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const form = useForm<ChangePasswordFormInput>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: emptyForm });
  const change = useChangePassword({
    onChanged: () => {
      form.reset(emptyForm);
      setOutcome({ kind: 'success', message: PASSWORD_CHANGED_MESSAGE });
    },
    onFailed: (error) => {
      const message = serverMessage(error) ?? CHANGE_PASSWORD_FAILED_MESSAGE;
      if (serverErrorCode(error) === 'auth.wrong_password') form.setError('currentPassword', { message }, { shouldFocus: true });
      else setOutcome({ kind: 'error', message });
    },
  });
  const { errors } = form.formState;

  return (
    <SettingsSection title="Password" description="Changing your password signs you out everywhere else.">
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit(({ currentPassword, password }) => {
          setOutcome(null);
          change.mutate({ currentPassword, newPassword: password });
        })}
      >
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <NewPasswordFields register={form.register} errors={errors} />
        <FormOutcomeMessage outcome={outcome} />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing password...' : 'Change Password'}
        </Button>
      </form>
    </SettingsSection>
  );
}
