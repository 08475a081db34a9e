import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import type { UserView } from '@civicwatch/core/contracts/index.ts';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toaster.tsx';
import { serverMessage } from '../../../lib/api-client.ts';
import { useDeleteUser } from '../api/users.ts';

/**
 * Delete user, after a confirmation. Administrators cannot be deleted (docs/product/credits-and-tiers.md "What each tier may do"), so the button is not offered
 * for them: the server's refusal is a 403, which the shared cache would read as "signed out of /admin".
 */
export function DeleteUserButton({ user, onDeleted }: { user: UserView; onDeleted: () => void }) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteUser({
    onDeleted: () => {
      setConfirming(false);
      toast({ title: 'User deleted', description: `${user.email} has been deleted.`, variant: 'success' });
      onDeleted();
    },
    onFailed: (error) => {
      setConfirming(false);
      toast({ title: 'Delete Failed', description: serverMessage(error) ?? 'The user could not be deleted. Please try again.', variant: 'destructive' });
    },
  });

  if (user.isAdmin) {
    return <p className="text-sm text-slate-600">Administrators cannot be deleted.</p>;
  }
  return (
    <>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        <Trash2 className="size-4" aria-hidden="true" />
        Delete User
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this user?"
        description={`${user.email} and their analyses, credits and payment records will be removed for good. This cannot be undone.`}
        confirmLabel="Delete User"
        pendingLabel="Deleting..."
        cancelLabel="Keep User"
        onConfirm={() => remove.mutate(user.id)}
        pending={remove.isPending}
      />
    </>
  );
}
