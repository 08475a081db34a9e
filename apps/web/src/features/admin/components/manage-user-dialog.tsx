import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { tierIds, type TierId, type UserView } from '@civicwatch/core/contracts/index.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/form-field.tsx';
import { useToast } from '../../../components/ui/toaster.tsx';
import { serverMessage } from '../../../lib/api-client.ts';
import { tierDisplayName } from '../../../lib/format.ts';
import { useTierCredits } from '../api/tiers.ts';
import { useUpdateUserTier, useVerifyUserEmail } from '../api/users.ts';
import { DeleteUserButton } from './delete-user-button.tsx';
import { RefundForm } from './refund-form.tsx';

const tierOptions = tierIds.map((id) => ({ value: id, label: tierDisplayName(id) }));

/** The tier select: a change is sent at once, with the tier's credits (docs/product/administration.md "Admin panel", docs/product/credits-and-tiers.md "Tiers"). */
function TierSelect({ user, onUpdated }: { user: UserView; onUpdated: (user: UserView) => void }) {
  const toast = useToast();
  const creditsOf = useTierCredits();
  const [tier, setTier] = useState<TierId>(user.subscriptionTier);
  const update = useUpdateUserTier({
    onUpdated: (updated) => {
      onUpdated(updated);
      toast({
        title: 'User Updated',
        description: `${updated.email} is now on the ${tierDisplayName(updated.subscriptionTier)} tier with ${updated.credits} credits.`,
        variant: 'success',
      });
    },
    onFailed: (error) => {
      setTier(user.subscriptionTier);
      toast({ title: 'Update Failed', description: serverMessage(error) ?? 'The user could not be updated. Please try again.', variant: 'destructive' });
    },
  });

  return (
    <SelectField
      label="Subscription Tier"
      options={tierOptions}
      value={tier}
      disabled={update.isPending}
      hint={`Choosing a tier saves it at once and sets the credits to that tier's (${tierIds.map((id) => `${tierDisplayName(id)} ${creditsOf(id)}`).join(', ')}).`}
      onChange={(event) => {
        const next = event.target.value as TierId;
        setTier(next);
        update.mutate({ userId: user.id, tier: next, credits: creditsOf(next) });
      }}
    />
  );
}

/**
 * Whether the account's address is verified and, where it is not, Mark Verified: the administrator vouches for
 * it where no e-mail can reach it. An address ADMIN_EMAILS names then becomes an administrator's.
 */
function EmailVerification({ user, onVerified }: { user: UserView; onVerified: (user: UserView) => void }) {
  const toast = useToast();
  const verify = useVerifyUserEmail({
    onVerified: (updated) => {
      onVerified(updated);
      toast({
        title: 'E-mail Verified',
        description: `${updated.email} is verified${updated.isAdmin && !user.isAdmin ? ' and is now an administrator' : ''}.`,
        variant: 'success',
      });
    },
    onFailed: (error) => {
      toast({ title: 'Verification Failed', description: serverMessage(error) ?? 'The address could not be marked verified. Please try again.', variant: 'destructive' });
    },
  });

  if (user.emailVerified) return <p className="text-sm text-slate-600">E-mail address verified.</p>;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">E-mail address not verified.</p>
      <Button variant="outline" size="sm" disabled={verify.isPending} onClick={() => verify.mutate(user.id)}>
        {verify.isPending ? 'Verifying...' : 'Mark Verified'}
      </Button>
    </div>
  );
}

function ManageUserBody({ initial, onClose }: { initial: UserView; onClose: () => void }) {
  // The dialog shows the answer of the last change, not the row it was opened from.
  const [user, setUser] = useState(initial);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');

  return (
    <>
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 p-5">
        <div className="min-w-0">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Manage User</Dialog.Title>
          <Dialog.Description className="break-words text-sm text-slate-600">{user.email}</Dialog.Description>
        </div>
        <Dialog.Close aria-label="Close" className={buttonClasses('ghost', 'sm')}>
          <X className="size-4" aria-hidden="true" />
        </Dialog.Close>
      </div>
      <div className="space-y-6 overflow-y-auto p-5">
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <div>
            <dt className="text-slate-500">Name</dt>
            <dd className="text-slate-900">{name || '—'}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Tier</dt>
            <dd className="text-slate-900">{tierDisplayName(user.subscriptionTier)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Credits</dt>
            <dd className="tabular-nums text-slate-900" data-testid="manage-user-credits">
              {user.credits}
            </dd>
          </div>
        </dl>
        <EmailVerification user={user} onVerified={setUser} />
        <TierSelect user={user} onUpdated={setUser} />
        <RefundForm user={user} onRefunded={onClose} />
        <DeleteUserButton user={user} onDeleted={onClose} />
      </div>
      <div className="flex justify-end border-t border-slate-200 p-4">
        <Dialog.Close asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.Close>
      </div>
    </>
  );
}

/** Manage User (docs/product/administration.md "Admin panel"): opened by Manage, closed by Cancel or once a refund is submitted. */
export function ManageUserDialog({ user, onClose }: { user: UserView | null; onClose: () => void }) {
  return (
    <Dialog.Root open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[90vh] w-[min(36rem,calc(100vw-1rem))] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl focus:outline-none">
          {user && <ManageUserBody key={user.id} initial={user} onClose={onClose} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
