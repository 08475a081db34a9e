import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountSchema, type DeleteAccountInput } from '@civicwatch/core/contracts/index.ts';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { useToast } from '../../../components/ui/toaster.tsx';
import { serverErrorCode, serverMessage } from '../../../lib/api-client.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { FormOutcomeMessage, type FormOutcome } from './form-outcome.tsx';
import { SettingsSection } from './settings-section.tsx';

const DELETE_FAILED_MESSAGE = 'Failed to delete your account. Please try again.';

/**
 * The Delete account section of account settings: the password, then a confirmation, then the account is gone
 * and the browser signed out (`onDeleted`: the page leaves). A wrong password is shown on its field; any other
 * refusal (an administrator's account, Stripe unreachable) under the form, with nothing deleted.
 */
export function DeleteAccountForm({ onDeleted }: { onDeleted: () => void }) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const form = useForm<DeleteAccountInput>({ resolver: zodResolver(deleteAccountSchema), defaultValues: { password: '' } });
  const remove = useDeleteAccount({
    onDeleted: () => {
      setConfirming(false);
      toast({ title: 'Account deleted', description: 'Your account and your data have been deleted. Thank you for using CivicWatch.', variant: 'success' });
      onDeleted();
    },
    onFailed: (error) => {
      setConfirming(false);
      const message = serverMessage(error) ?? DELETE_FAILED_MESSAGE;
      if (serverErrorCode(error) === 'auth.wrong_password') form.setError('password', { message }, { shouldFocus: true });
      else setOutcome({ kind: 'error', message });
    },
  });

  return (
    <SettingsSection
      title="Delete Account"
      tone="danger"
      description="Deleting your account ends any paid plan at once and removes your analyses, credits and personal details for good. Only the records of past payments that the law requires are kept, with nothing that names you."
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit(() => {
          setOutcome(null);
          setConfirming(true);
        })}
      >
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          hint="Type your password to confirm that this is your decision."
          error={form.formState.errors.password?.message}
          {...form.register('password')}
        />
        <FormOutcomeMessage outcome={outcome} />
        <Button type="submit" variant="danger" disabled={remove.isPending}>
          Delete My Account
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete your account?"
        description="This cannot be undone. Your analyses, credits and share links will be gone, and you will be signed out."
        confirmLabel="Delete Account"
        cancelLabel="Keep My Account"
        pending={remove.isPending}
        pendingLabel="Deleting..."
        onConfirm={() => remove.mutate(form.getValues())}
      />
    </SettingsSection>
  );
}
