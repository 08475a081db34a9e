import { Link } from '@tanstack/react-router';
import { ArrowRight, Landmark, ShieldCheck } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button.tsx';

export function HeroSection() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-blue-950 via-blue-900 to-slate-900 text-white">
      <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(circle_at_80%_20%,rgba(248,113,113,0.18),transparent_45%)]" />
      <div className="relative mx-auto grid grid-cols-1 max-w-7xl gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:items-center lg:px-8 lg:py-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-blue-100 ring-1 ring-white/20">
            <Landmark className="size-4" aria-hidden="true" />
            Non-partisan · Constitution-focused · Citizen-empowered
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
            Your AI-powered watchdog for government transparency
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-blue-100">
            Upload an ordinance, a budget or the minutes of a meeting and get a plain-language analysis: what it does,
            where it may conflict with the Constitution, and what you can do about it.
          </p>
          <div className="mt-10 flex flex-wrap gap-4">
            <Link to="/signup" className={buttonClasses('secondary', 'lg')}>
              Get Started - Free
              <ArrowRight className="size-5" aria-hidden="true" />
            </Link>
            <a href="#features" className={buttonClasses('outline', 'lg', 'border-white/30 bg-white/5 text-white hover:bg-white/15')}>
              See how it works
            </a>
          </div>
        </div>
        <div className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/15 backdrop-blur lg:p-8">
          <div className="flex items-center gap-3 text-sm font-semibold text-blue-100">
            <ShieldCheck className="size-5 text-emerald-300" aria-hidden="true" />
            Example finding
          </div>
          <p className="mt-4 text-lg font-semibold">City Ordinance 2025-14: Public Assembly Permits</p>
          <ul className="mt-4 space-y-3 text-sm text-blue-100">
            <li className="rounded-lg bg-white/5 p-3">
              <span className="font-semibold text-white">Summary:</span> requires a permit 30 days before any gathering of
              more than ten people in a public park.
            </li>
            <li className="rounded-lg bg-white/5 p-3">
              <span className="font-semibold text-white">Constitutional question:</span> a blanket notice period may burden
              the right to assemble (First Amendment).
            </li>
            <li className="rounded-lg bg-white/5 p-3">
              <span className="font-semibold text-white">Citizen action:</span> comment at the next council hearing and ask
              for an exemption for spontaneous gatherings.
            </li>
          </ul>
        </div>
      </div>
    </section>
  );
}
