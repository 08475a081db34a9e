import { useState, type FormEvent } from 'react';
import { updateTierSchema, type SubscriptionTierView } from '@civicwatch/core/contracts/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { useToast } from '../../../components/ui/toaster.tsx';
import { serverMessage } from '../../../lib/api-client.ts';
import { useUpdateTier, type TierChanges } from '../api/tiers.ts';
import { TextAreaField } from './text-area-field.tsx';

type TierFormValues = {
  price: string;
  credits: string;
  maxPages: string;
  maxCharacters: string;
  features: string;
  stripePriceId: string;
  isActive: boolean;
};
type NumberField = 'price' | 'credits' | 'maxPages' | 'maxCharacters';
type FieldErrors = Partial<Record<keyof TierFormValues, string>>;

const numberFields: NumberField[] = ['price', 'credits', 'maxPages', 'maxCharacters'];

const valuesOf = (tier: SubscriptionTierView): TierFormValues => ({
  price: tier.price,
  credits: String(tier.credits),
  maxPages: String(tier.maxPages),
  maxCharacters: String(tier.maxCharacters),
  features: tier.features.join('\n'),
  stripePriceId: tier.stripePriceId ?? '',
  isActive: tier.isActive,
});

const toChanges = (values: TierFormValues): TierChanges => ({
  price: Number(values.price),
  credits: Number(values.credits),
  maxPages: Number(values.maxPages),
  maxCharacters: Number(values.maxCharacters),
  features: values.features.split('\n').map((line) => line.trim()).filter(Boolean),
  stripePriceId: values.stripePriceId.trim() || null,
  isActive: values.isActive,
});

/**
 * One tier's editable columns (docs/product/administration.md "Tiers"). The Citizen tier is where every account
 * starts: it stays free and offered, so its price, Stripe price and active flag are not editable.
 */
export function TierForm({ tier }: { tier: SubscriptionTierView }) {
  const toast = useToast();
  const [values, setValues] = useState(() => valuesOf(tier));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useUpdateTier({
    onSaved: (saved) => toast({ title: 'Tier Saved', description: `The ${saved.name} tier has been updated.`, variant: 'success' }),
    onFailed: (error) =>
      toast({ title: 'Failed to save tier', description: serverMessage(error) ?? 'The tier could not be saved. Please try again.', variant: 'destructive' }),
  });
  const free = tier.id === 'citizen';
  const set = (field: Exclude<keyof TierFormValues, 'isActive'>) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    for (const field of numberFields) if (values[field].trim() === '') found[field] = 'Enter a whole number';
    const changes = toChanges(values);
    const checked = updateTierSchema.safeParse({ tier: tier.id, ...changes });
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (typeof field === 'string' && field in values) found[field as keyof TierFormValues] ??= issue.message;
      }
    }
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate({ id: tier.id, changes });
  };

  return (
    <form noValidate aria-label={`${tier.name} tier`} onSubmit={submit} className="space-y-4 rounded-lg border border-slate-200 p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{tier.name}</h3>
        {!tier.isActive && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">Not offered</span>}
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField label="Price ($ per month)" type="number" min="0" step="1" value={values.price} onChange={set('price')} disabled={free} error={errors.price} />
        <TextField label="Monthly Credits" type="number" min="0" step="1" value={values.credits} onChange={set('credits')} error={errors.credits} />
        <TextField label="Page Limit" type="number" min="1" step="1" value={values.maxPages} onChange={set('maxPages')} error={errors.maxPages} />
        <TextField label="Character Limit" type="number" min="1" step="1" value={values.maxCharacters} onChange={set('maxCharacters')} error={errors.maxCharacters} />
      </div>
      <TextAreaField label="Features (one per line)" rows={4} value={values.features} onChange={set('features')} error={errors.features} />
      <TextField
        label="Stripe Price ID"
        placeholder="price_..."
        autoComplete="off"
        spellCheck={false}
        value={values.stripePriceId}
        onChange={set('stripePriceId')}
        disabled={free}
        error={errors.stripePriceId}
      />
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="size-4 rounded border-slate-300"
          checked={values.isActive}
          disabled={free}
          onChange={(event) => setValues((current) => ({ ...current, isActive: event.target.checked }))}
        />
        Active (offered on the pricing pages)
      </label>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Tier'}
      </Button>
    </form>
  );
}
