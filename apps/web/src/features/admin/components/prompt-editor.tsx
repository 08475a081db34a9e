import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Bot } from 'lucide-react';
import { z } from 'zod';
import { NOT_ADMIN_MESSAGE, promptSettings, settingKeys, updateSettingSchema } from '@civicwatch/core/contracts/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toaster.tsx';
import { HttpError, isAuthFailure, serverMessage } from '../../../lib/api-client.ts';
import { usePrompts, useSavePrompts, type Prompts } from '../api/prompts.ts';
import { AdminSection, SectionStatus } from './admin-section.tsx';
import { TextAreaField } from './text-area-field.tsx';

/** Each prompt obeys the rule of POST /api/admin/settings's value. */
const promptsFormSchema = z.record(z.enum(settingKeys), updateSettingSchema.shape.value);

function PromptsForm({ prompts }: { prompts: Prompts }) {
  const toast = useToast();
  const form = useForm({ resolver: zodResolver(promptsFormSchema), defaultValues: prompts });
  const save = useSavePrompts({
    onSaved: () => toast({ title: 'Prompts Updated', description: 'AI analysis prompts have been updated successfully.', variant: 'success' }),
    onFailed: (error) => {
      if (isAuthFailure(error)) {
        const description = error.status === 401 ? 'You must be logged in to access this page.' : NOT_ADMIN_MESSAGE;
        toast({ title: 'Access Denied', description, variant: 'destructive' });
      } else if (error instanceof HttpError && error.status === 400 && serverMessage(error)) {
        // The server refused a prompt (the paid one must keep {{STATE}} and {{COUNTRY}}): say why.
        toast({ title: 'Failed to update prompts', description: serverMessage(error), variant: 'destructive' });
      } else {
        toast({ title: 'Error', description: 'Failed to update prompts. Please try again.', variant: 'destructive' });
      }
    },
  });
  const { errors } = form.formState;

  return (
    <form noValidate className="space-y-5" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      {promptSettings.map((prompt) => (
        <TextAreaField key={prompt.key} label={prompt.label} rows={6} hint={prompt.hint ?? undefined} error={errors[prompt.key]?.message} {...form.register(prompt.key)} />
      ))}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Prompts'}
      </Button>
    </form>
  );
}

/** AI prompt editor (docs/product/administration.md "Admin panel"): every prompt of the catalogue, saved together. */
export function PromptEditor() {
  const prompts = usePrompts();
  return (
    <AdminSection id="admin-prompts" title="AI Analysis Prompts" description="The instructions the analyzer follows for each kind of analysis." icon={Bot}>
      {prompts.data ? <PromptsForm prompts={prompts.data} /> : <SectionStatus isError={prompts.isError} what="prompts" />}
    </AdminSection>
  );
}
