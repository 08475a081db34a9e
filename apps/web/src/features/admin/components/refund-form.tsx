import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { refundSchema, type UserView } from '@civicwatch/core/contracts/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { useToast } from '../../../components/ui/toaster.tsx';
import { serverMessage } from '../../../lib/api-client.ts';
import { dollars } from '../../../lib/format.ts';
import { useRefundUser } from '../api/users.ts';

const refundFormSchema = refundSchema.omit({ userId: true });

/** A refund of the user's latest payment (docs/product/api.md "Endpoints", docs/product/screens.md "Form checks"): the button waits for both amount and reason. */
export function RefundForm({ user, onRefunded }: { user: UserView; onRefunded: () => void }) {
  const toast = useToast();
  const form = useForm({ resolver: zodResolver(refundFormSchema), defaultValues: { amount: '', reason: '' } });
  const refund = useRefundUser({
    onRefunded: (answer) => {
      toast({ title: 'Refund Processed', description: `${dollars(answer.amount)} was refunded to ${user.email}.`, variant: 'success' });
      onRefunded();
    },
    onFailed: (error) =>
      toast({ title: 'Refund Failed', description: serverMessage(error) ?? 'The refund could not be processed. Please try again.', variant: 'destructive' }),
  });
  const [amount, reason] = form.watch(['amount', 'reason']);
  const filled = String(amount ?? '').trim() !== '' && String(reason ?? '').trim() !== '';
  const { errors } = form.formState;

  return (
    <form
      noValidate
      aria-labelledby="refund-heading"
      className="space-y-3 rounded-lg border border-slate-200 p-4"
      onSubmit={form.handleSubmit((values) => refund.mutate({ userId: user.id, ...values }))}
    >
      <h3 id="refund-heading" className="text-sm font-semibold text-slate-900">
        Refund
      </h3>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[10rem_1fr]">
        <TextField label="Amount ($)" type="number" inputMode="decimal" min="0.01" step="0.01" error={errors.amount?.message} {...form.register('amount')} />
        <TextField label="Reason" autoComplete="off" error={errors.reason?.message} {...form.register('reason')} />
      </div>
      <Button type="submit" variant="outline" disabled={!filled || refund.isPending}>
        {refund.isPending ? 'Processing...' : 'Process Refund'}
      </Button>
    </form>
  );
}
