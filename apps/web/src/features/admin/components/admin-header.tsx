import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, LogOut } from 'lucide-react';
import { Brand } from '../../../components/ui/brand.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { useLogout } from '../../../lib/auth.ts';

/** The admin panel's header (docs/product/administration.md "Admin panel"): Back to App and Logout. */
export function AdminHeader() {
  const navigate = useNavigate();
  const logout = useLogout({ onSettled: () => void navigate({ to: '/' }) });
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3 sm:px-6 lg:px-8">
        <Brand />
        <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-red-800">Admin</span>
        <div className="ml-auto flex items-center gap-2">
          <Link to="/" className={buttonClasses('outline', 'sm')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to App
          </Link>
          <Button variant="ghost" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
            <LogOut className="size-4" aria-hidden="true" />
            Logout
          </Button>
        </div>
      </div>
    </header>
  );
}
