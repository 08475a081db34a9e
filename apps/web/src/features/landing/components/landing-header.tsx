import { Link } from '@tanstack/react-router';
import { Brand } from '../../../components/ui/brand.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Brand />
        <div className="flex items-center gap-1 sm:gap-2">
          <div className="hidden items-center gap-2 sm:flex">
            <a href="#features" className={buttonClasses('ghost', 'sm')}>
              Features
            </a>
            <a href="#pricing" className={buttonClasses('ghost', 'sm')}>
              Pricing
            </a>
          </div>
          <Link to="/login" className={buttonClasses('outline', 'sm')}>
            Sign In
          </Link>
          <Link to="/signup" className={buttonClasses('primary', 'sm')}>
            Sign Up
          </Link>
        </div>
      </nav>
    </header>
  );
}
