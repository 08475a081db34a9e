import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Coins, Gift, History, LogOut } from 'lucide-react';
import type { UserView } from '@civicwatch/core/contracts/index.ts';
import { Brand } from '../components/ui/brand.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { MainContent } from '../components/ui/main-content.tsx';
import { AnalysisResultsDialog } from '../features/analyze/components/analysis-results-dialog.tsx';
import { useLogout } from '../lib/auth.ts';
import { publicConfigQuery } from '../lib/public-config.ts';
import { VerifyEmailBanner } from '../features/account/components/verify-email-notice.tsx';
import { DashboardSection } from '../features/dashboard/components/dashboard-section.tsx';
import { ProfileSettingsCard } from '../features/profile/components/profile-settings-card.tsx';
import { AnalyzeArea } from './analyze-page.tsx';

const anchorClasses = buttonClasses('ghost', 'sm');

/** The signed-in home at / (docs/product/screens.md "Signed-in home"). */
export function HomePage({ user }: { user: UserView }) {
  const navigate = useNavigate();
  const logout = useLogout({ onSettled: () => void navigate({ to: '/' }) });
  const config = useQuery(publicConfigQuery);

  return (
    <div className="min-h-screen bg-slate-50">
      {/* Held at the top from sm up only: a phone's three rows of it would cover a fifth of the screen. */}
      <header className="z-40 border-b border-slate-200 bg-white/95 backdrop-blur sm:sticky sm:top-0">
        {/* Phones: mark and Sign Out, then credits, then the section anchors. Wider: one row. */}
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
          <div className="order-1">
            <Brand />
          </div>
          {/* A phone's 390 px hold the four anchors in one row only without History's icon; an administrator's fifth wraps. */}
          <nav aria-label="Sections" className="order-4 flex w-full flex-wrap gap-1 sm:order-2 sm:w-auto">
            <a href="#analyze" className={anchorClasses}>
              Analyze
            </a>
            <a href="#watchdog" className={anchorClasses}>
              Watchdog
            </a>
            <a href="#profile" className={anchorClasses}>
              Profile
            </a>
            <Link to="/history" className={anchorClasses}>
              <History className="hidden size-4 sm:block" aria-hidden="true" />
              History
            </Link>
            {user.isAdmin && (
              <Link to="/admin" className={anchorClasses}>
                Admin
              </Link>
            )}
          </nav>
          <div className="order-3 flex flex-wrap items-center gap-2 sm:ml-auto">
            <p className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-full bg-blue-50 px-3 py-1 text-sm font-medium text-blue-900">
              <Coins className="size-4" aria-hidden="true" />
              <span>
                {user.credits} {user.credits === 1 ? 'credit' : 'credits'} remaining
              </span>
            </p>
            <Link to="/redeem-promo" className={buttonClasses('outline', 'sm')}>
              <Gift className="size-4" aria-hidden="true" />
              Redeem Code
            </Link>
          </div>
          <Button variant="ghost" size="sm" className="order-2 ml-auto sm:order-4 sm:ml-0" onClick={() => logout.mutate()} disabled={logout.isPending}>
            <LogOut className="size-4" aria-hidden="true" />
            Sign Out
          </Button>
        </div>
      </header>
      <MainContent className="mx-auto max-w-7xl space-y-10 px-4 py-10 sm:px-6 lg:px-8">
        <VerifyEmailBanner />
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{user.firstVisit ? 'Welcome' : 'Welcome back'}, {user.firstName || user.email}!</h1>
          <p className="mt-2 text-slate-600">Keep watch over your government: analyze documents and follow your findings.</p>
        </div>
        <AnalyzeArea user={user} />
        <DashboardSection renderViewResults={(analysis) => <AnalysisResultsDialog analysis={analysis} />} />
        <ProfileSettingsCard user={user} paymentsEnabled={config.data?.paymentsEnabled ?? false} />
      </MainContent>
    </div>
  );
}
