import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { emailPreferencesSchema, type EmailPreferencesInput, type UserView } from '@civicwatch/core/contracts/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { serverMessage } from '../../../lib/api-client.ts';
import { useUpdateEmailPreferences } from '../api/email-preferences.ts';
import { FormOutcomeMessage, type FormOutcome } from './form-outcome.tsx';
import { SettingsSection } from './settings-section.tsx';

const SAVED_MESSAGE = 'Your e-mail preferences have been saved.';
const SAVE_FAILED_MESSAGE = 'Failed to save your e-mail preferences. Please try again.';

const choices: Array<{ name: keyof EmailPreferencesInput; label: string; hint: string }> = [
  { name: 'analysisNotices', label: 'Analysis notices', hint: 'An e-mail when an analysis you started is ready.' },
  { name: 'receipts', label: 'Payment receipts', hint: 'A receipt for each payment of a paid plan. Your invoices stay available under Billing.' },
  { name: 'productUpdates', label: 'Product news', hint: 'Occasional news about CivicWatch.' },
];

/**
 * The E-mail preferences section of account settings: the optional e-mail the /unsubscribe page speaks of.
 * Account e-mail (sign-up, password reset, e-mail changes) is always sent and is not offered here.
 */
export function EmailPreferencesForm({ user }: { user: UserView }) {
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const form = useForm<EmailPreferencesInput>({ resolver: zodResolver(emailPreferencesSchema), defaultValues: user.emailPreferences });
  const save = useUpdateEmailPreferences({
    onSaved: () => setOutcome({ kind: 'success', message: SAVED_MESSAGE }),
    onFailed: (error) => setOutcome({ kind: 'error', message: serverMessage(error) ?? SAVE_FAILED_MESSAGE }),
  });

  return (
    <SettingsSection
      title="E-mail Preferences"
      description="Choose the e-mail you want. Messages about your account itself, such as password resets, are always sent."
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit((values) => {
          setOutcome(null);
          save.mutate(values);
        })}
      >
        <fieldset className="space-y-3">
          <legend className="sr-only">E-mail I want to receive</legend>
          {choices.map(({ name, label, hint }) => (
            <label key={name} className="flex items-start gap-3">
              <input type="checkbox" className="mt-1 size-4 shrink-0 rounded border-slate-300 accent-blue-900" {...form.register(name)} />
              <span>
                <span className="block text-sm font-medium text-slate-900">{label}</span>
                <span className="block text-sm text-slate-600">{hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <FormOutcomeMessage outcome={outcome} />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Preferences'}
        </Button>
      </form>
    </SettingsSection>
  );
}
