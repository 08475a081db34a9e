import { Link } from '@tanstack/react-router';
import { Lock } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button.tsx';

/** What a free (Citizen) user sees in place of a paid feature: why, and an upgrade button to /subscribe (docs/product/screens.md "Analyze page"). */
export function PaidFeatureNotice({ message, action }: { message: string; action: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3">
      <p className="flex items-center gap-2 text-sm text-amber-900">
        <Lock className="size-4 shrink-0" aria-hidden="true" />
        {message}
      </p>
      {/* Its words wrap on a screen narrower than they are long. */}
      <Link to="/subscribe" className={buttonClasses('outline', 'sm', 'h-auto min-h-9 py-1.5')}>
        <span className="whitespace-normal text-center">{action}</span>
      </Link>
    </div>
  );
}
