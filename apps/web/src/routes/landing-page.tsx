import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../components/ui/button.tsx';
import { MainContent } from '../components/ui/main-content.tsx';
import { FeaturesSection } from '../features/landing/components/features-section.tsx';
import { HeroSection } from '../features/landing/components/hero-section.tsx';
import { LandingFooter } from '../features/landing/components/landing-footer.tsx';
import { LandingHeader } from '../features/landing/components/landing-header.tsx';
import { PricingGrid } from '../features/tiers/components/pricing-section.tsx';

/** The public landing page (docs/product/screens.md "Landing page"). */
export function LandingPage() {
  return (
    <div className="min-h-screen bg-white">
      <LandingHeader />
      <MainContent>
        <HeroSection />
        <FeaturesSection />
        <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-16 bg-slate-50 py-20 sm:py-24">
          <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
            <div className="mx-auto mb-16 max-w-2xl text-center">
              <h2 id="pricing-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
                Simple, honest pricing
              </h2>
              <p className="mt-4 text-lg text-slate-600">
                Start free. Upgrade for state-level analysis, custom oversight and larger documents. Each analysis uses one
                credit.
              </p>
            </div>
            <PricingGrid
              action={(tier) =>
                // Citizen starts at /login on this page; every upgrade goes to /subscribe (docs/product).
                tier.id === 'citizen' ? (
                  <Link to="/login" className={buttonClasses('outline', 'lg', 'w-full')}>
                    Get Started
                  </Link>
                ) : (
                  <Link to="/subscribe" className={buttonClasses(tier.id === 'patriot' ? 'primary' : 'outline', 'lg', 'w-full')}>
                    Upgrade to {tier.name}
                  </Link>
                )
              }
            />
          </div>
        </section>
      </MainContent>
      <LandingFooter />
    </div>
  );
}
