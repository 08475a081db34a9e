import { X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

/** Stops the analysis or comparison under way; its credit comes back (docs/product/analysis.md "Cancelling"). */
export function CancelButton({ onCancel, cancelling }: { onCancel: () => void; cancelling: boolean }) {
  return (
    <Button variant="outline" size="sm" onClick={onCancel} disabled={cancelling} className="shrink-0">
      <X className="size-4" aria-hidden="true" />
      {cancelling ? 'Cancelling...' : 'Cancel'}
    </Button>
  );
}
