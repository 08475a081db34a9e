import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Menu as MenuIcon, X } from 'lucide-react';
import { Brand } from '../../../components/ui/brand.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';

/** The page's own sections, which the header links to. */
const sections = [
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
];

/**
 * The landing page's header. Wide enough, the section links sit beside Sign In and Sign Up. On a phone, where the
 * hero's Get Started leads to sign-up, the bar keeps Sign In and Menu: a disclosure button (WAI-ARIA disclosure
 * navigation) that shows the section links and Sign Up below it. Following a link or pressing Escape closes it.
 */
export function LandingHeader() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    button.current?.focus();
  };
  const close = () => setOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <nav aria-label="Main" onKeyDown={onKeyDown} className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex h-16 items-center justify-between gap-2 sm:gap-4">
          <Brand />
          <div className="flex items-center gap-1 sm:gap-2">
            <div className="hidden items-center gap-2 sm:flex">
              {sections.map(({ href, label }) => (
                <a key={href} href={href} className={buttonClasses('ghost', 'sm')}>
                  {label}
                </a>
              ))}
            </div>
            <Link to="/login" className={buttonClasses('outline', 'sm')}>
              Sign In
            </Link>
            <Link to="/signup" className={buttonClasses('primary', 'sm', 'max-sm:hidden')}>
              Sign Up
            </Link>
            <button
              ref={button}
              type="button"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen((shown) => !shown)}
              className={buttonClasses('ghost', 'sm', 'sm:hidden')}
            >
              {open ? <X className="size-5" aria-hidden="true" /> : <MenuIcon className="size-5" aria-hidden="true" />}
              <span className="sr-only">Menu</span>
            </button>
          </div>
        </div>
        <ul id={panelId} hidden={!open} className="space-y-1 border-t border-slate-200 py-3 sm:hidden">
          {sections.map(({ href, label }) => (
            <li key={href}>
              <a href={href} onClick={close} className={buttonClasses('ghost', 'md', 'w-full justify-start')}>
                {label}
              </a>
            </li>
          ))}
          <li className="pt-2">
            <Link to="/signup" onClick={close} className={buttonClasses('primary', 'md', 'w-full')}>
              Sign Up
            </Link>
          </li>
        </ul>
      </nav>
    </header>
  );
}
