import { useState, type FormEvent } from 'react';
import { PROMO_REQUIRED_FIELDS_MESSAGE, createPromoSchema, parsePromoExpiry, promoTypes, type PromoType } from '@civicwatch/core/contracts/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { useToast } from '../../../components/ui/toaster.tsx';
import { serverMessage } from '../../../lib/api-client.ts';
import { useCreatePromoCode, type NewPromoCode } from '../api/promo-codes.ts';

type PromoFormValues = { code: string; type: PromoType; credits: string; discountPercent: string; maxUses: string; expiryDate: string };
type FieldErrors = Partial<Record<keyof PromoFormValues, string>>;

/** docs/product/administration.md "Promo codes": max uses 1. */
const defaults: PromoFormValues = { code: '', type: 'credits', credits: '', discountPercent: '', maxUses: '1', expiryDate: '' };
const typeOptions = promoTypes.map((type) => ({ value: type, label: type === 'credits' ? 'Free credits' : 'Discount' }));

/** docs/product/screens.md "Form checks": numbers are read as integers, with a default for an empty or unreadable field. */
const integerOr = (text: string, fallback: number): number => {
  const n = Number.parseInt(text, 10);
  return Number.isNaN(n) ? fallback : n;
};

/**
 * The request of a filled form. A date alone means the code works through that whole day (the rule the
 * command line follows too), so it is sent as the ISO time the day ends.
 */
function toRequest(values: PromoFormValues): NewPromoCode {
  return {
    code: values.code.trim(),
    type: values.type,
    credits: integerOr(values.credits, 0),
    discountPercent: integerOr(values.discountPercent, 0),
    maxUses: integerOr(values.maxUses, 1),
    expiresAt: values.expiryDate ? (parsePromoExpiry(values.expiryDate)?.toISOString() ?? values.expiryDate) : '',
    isActive: true,
  };
}

const errorField: Partial<Record<PropertyKey, keyof PromoFormValues>> = {
  code: 'code',
  credits: 'credits',
  discountPercent: 'discountPercent',
  maxUses: 'maxUses',
  expiresAt: 'expiryDate',
};

/** Create a promo code (docs/product/administration.md "Promo codes"); a success resets the form to its defaults (§4). */
export function PromoCodeForm() {
  const toast = useToast();
  const [values, setValues] = useState(defaults);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreatePromoCode({
    onCreated: (code) => {
      setValues(defaults);
      toast({ title: 'Promo Code Created', description: `${code} can now be redeemed.`, variant: 'success' });
    },
    onFailed: (error) => toast({ title: 'Failed to create promo code', description: serverMessage(error), variant: 'destructive' }),
  });
  const set = (field: keyof PromoFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: field === 'code' ? event.target.value.toUpperCase() : event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (!values.code.trim() || !values.expiryDate) {
      window.alert(PROMO_REQUIRED_FIELDS_MESSAGE);
      return;
    }
    const request = toRequest(values);
    // The server's own rules, checked here first so a mistake shows beside its field.
    const checked = createPromoSchema.safeParse(request);
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = errorField[issue.path[0] ?? ''];
        if (field) found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(request);
  };

  return (
    <form noValidate aria-label="Create promo code" onSubmit={submit} className="space-y-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <TextField
          label="Code"
          autoComplete="off"
          spellCheck={false}
          placeholder="WELCOME10"
          className="font-mono tracking-wider"
          required
          value={values.code}
          onChange={set('code')}
          error={errors.code}
        />
        <SelectField label="Type" options={typeOptions} value={values.type} onChange={set('type')} />
        <TextField label="Credits" type="number" min="0" step="1" inputMode="numeric" value={values.credits} onChange={set('credits')} error={errors.credits} />
        <TextField
          label="Discount Percent"
          type="number"
          min="1"
          max="100"
          step="1"
          inputMode="numeric"
          value={values.discountPercent}
          onChange={set('discountPercent')}
          error={errors.discountPercent}
        />
        <TextField label="Max Uses" type="number" min="1" step="1" inputMode="numeric" value={values.maxUses} onChange={set('maxUses')} error={errors.maxUses} />
        <TextField label="Expiry Date" type="date" required value={values.expiryDate} onChange={set('expiryDate')} error={errors.expiryDate} />
      </div>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create Promo Code'}
      </Button>
    </form>
  );
}
