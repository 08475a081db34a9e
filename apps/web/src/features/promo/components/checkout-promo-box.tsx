import { useState, type FormEvent } from 'react';
import { Tag } from 'lucide-react';
import { promoCodeInputSchema } from '@civicwatch/core/contracts/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { useToast } from '../../../components/ui/toaster.tsx';
import { serverMessage } from '../../../lib/api-client.ts';
import { useValidatePromo, type AppliedPromo } from '../api/validate-promo.ts';

/**
 * The checkout's promo code box (docs/product/screens.md "Checkout", docs/product/screens.md "Form checks", docs/product/screens.md "Messages"): the code is upper-cased as typed;
 * once applied, the input and the button stay disabled and the button reads Applied.
 */
export function CheckoutPromoBox({ applied, onApplied }: { applied: AppliedPromo | null; onApplied: (promo: AppliedPromo) => void }) {
  const toast = useToast();
  const [code, setCode] = useState('');
  const parsed = promoCodeInputSchema.safeParse({ code });
  const validate = useValidatePromo({
    onValid: (promo) => {
      onApplied(promo);
      toast({
        title: 'Promo Code Applied!',
        description:
          promo.type === 'credits'
            ? `You'll receive ${promo.credits} free credits after payment.`
            : `You'll get ${promo.discountPercent}% off your first month subscription.`,
        variant: 'success',
      });
    },
    onFailed: (error) => {
      const message = serverMessage(error);
      toast(
        message
          ? { title: 'Invalid Promo Code', description: message, variant: 'destructive' }
          : { title: 'Error', description: 'Failed to validate promo code', variant: 'destructive' },
      );
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (applied || validate.isPending || !parsed.success) return;
    validate.mutate(parsed.data.code);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Tag className="size-4 text-blue-900" aria-hidden="true" />
          Have a promo code?
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex items-end gap-2">
          <div className="flex-1">
            <TextField
              label="Promo Code"
              className="font-mono tracking-wider"
              placeholder="ENTER CODE"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={applied ? applied.code : code}
              onChange={(event) => setCode(event.target.value.toUpperCase())}
              disabled={applied !== null || validate.isPending}
            />
          </div>
          <Button type="submit" variant="outline" disabled={applied !== null || validate.isPending || !parsed.success}>
            {applied ? 'Applied' : validate.isPending ? 'Applying...' : 'Apply'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
