import { Link } from '@tanstack/react-router';
import { Brand } from '../../../components/ui/brand.tsx';

/** Resources that have no page yet (docs/product/screens.md "Landing page": placeholder links that point nowhere). */
const placeholderLinks = ['Constitution Guide', 'Citizen Resources'];

const linkClasses = 'rounded text-sm text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-blue-400';

export function LandingFooter() {
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-3 lg:px-8">
        <div>
          <Brand inverted />
          <p className="mt-4 max-w-xs text-sm text-slate-400">
            An AI-powered watchdog for government transparency. Non-partisan, constitution-focused, citizen-empowered.
          </p>
        </div>
        <nav aria-label="Product">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Product</h2>
          <ul className="mt-4 space-y-2">
            <li>
              <a href="#features" className={linkClasses}>
                Features
              </a>
            </li>
            <li>
              <a href="#pricing" className={linkClasses}>
                Pricing
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Resources">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Resources</h2>
          <ul className="mt-4 space-y-2">
            <li>
              <Link to="/privacy" className={linkClasses}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClasses}>
                Terms of Service
              </Link>
            </li>
            <li>
              {/* Served by the API, outside the web app's router: a whole page load. */}
              <a href="/api/docs" className={linkClasses}>
                API Documentation
              </a>
            </li>
            {placeholderLinks.map((label) => (
              <li key={label}>
                <a href="#" className={linkClasses} onClick={(event) => event.preventDefault()}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6 lg:px-8">© 2025 CivicWatch. All rights reserved.</p>
      </div>
    </footer>
  );
}
