import { useState, type FormEvent } from 'react';
import { Gift, LoaderCircle } from 'lucide-react';
import { promoCodeInputSchema, type UserView } from '@civicwatch/core/contracts/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { useToast } from '../../../components/ui/toaster.tsx';
import { serverMessage } from '../../../lib/api-client.ts';
import { useRedeemPromo } from '../api/redeem-promo.ts';

const helpItems = [
  'Enter the code exactly as you received it.',
  'Each code can be redeemed once per account.',
  'Credits are added to your account immediately.',
  'Some codes expire: redeem yours soon.',
];

/** The signed-in part of /redeem-promo (docs/product/screens.md "Redeem a promo code", docs/product/screens.md "Form checks", docs/product/screens.md "Messages"). */
export function RedeemPromoCard({ user }: { user: UserView }) {
  const toast = useToast();
  const [code, setCode] = useState('');
  const redeem = useRedeemPromo({
    onRedeemed: ({ credits }) => {
      setCode('');
      toast({ title: 'Promo Code Redeemed!', description: `You received ${credits} free credits!`, variant: 'success' });
    },
    onFailed: (error) =>
      toast({ title: 'Invalid Promo Code', description: serverMessage(error) ?? 'This promo code is not valid or has expired.', variant: 'destructive' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (redeem.isPending) return;
    const parsed = promoCodeInputSchema.safeParse({ code });
    if (!parsed.success) {
      toast({ title: 'Missing Code', description: parsed.error.issues[0]?.message ?? 'Please enter a promo code', variant: 'destructive' });
      return;
    }
    redeem.mutate(parsed.data.code);
  };

  return (
    <Card className="mx-auto max-w-lg">
      <CardHeader>
        <Gift className="size-8 text-blue-900" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Redeem Promo Code</h1>
        <CardDescription>Enter a promo code to add free credits to your account.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <p className="rounded-md bg-blue-50 px-4 py-3 text-sm text-blue-950">
          Current credits: <strong data-testid="current-credits">{user.credits}</strong>
        </p>
        {/* A form, so that Enter in the field submits (docs/product/screens.md "Redeem a promo code"). */}
        <form onSubmit={submit} className="space-y-4" noValidate>
          <TextField
            label="Promo Code"
            name="code"
            placeholder="ENTER CODE"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.target.value.toUpperCase())}
            className="font-mono tracking-wider"
          />
          <Button type="submit" className="w-full" disabled={redeem.isPending}>
            {redeem.isPending ? (
              <>
                <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
                Redeeming...
              </>
            ) : (
              'Redeem Code'
            )}
          </Button>
        </form>
        <section aria-labelledby="promo-help" className="rounded-md border border-slate-200 p-4">
          <h2 id="promo-help" className="text-sm font-semibold text-slate-900">
            How promo codes work
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600">
            {helpItems.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      </CardContent>
    </Card>
  );
}
