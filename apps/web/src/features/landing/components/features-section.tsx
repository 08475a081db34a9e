import { FileText, History, Scale, ShieldCheck, TrendingUp, Users, type LucideIcon } from 'lucide-react';

const features: Array<{ title: string; description: string; icon: LucideIcon }> = [
  {
    title: 'Document Analysis',
    description: 'Upload a PDF or paste text and get a clear summary with the key points and what they mean for citizens.',
    icon: FileText,
  },
  {
    title: 'Constitutional Check',
    description: 'See where a measure may raise constitutional questions, with the article or amendment it relies on.',
    icon: Scale,
  },
  {
    title: 'Policy Impact',
    description: 'Understand who is affected, the legal risks involved and the overall effect on your community.',
    icon: TrendingUp,
  },
  {
    title: 'Privacy Protected',
    description: 'Uploaded documents are processed securely and deleted after analysis. Only the results are kept.',
    icon: ShieldCheck,
  },
  {
    title: 'Citizen Reports',
    description: 'Export a PDF report or share your findings with neighbours, journalists and representatives.',
    icon: Users,
  },
  {
    title: 'Watchdog History',
    description: 'Keep every analysis on your dashboard and follow how your government’s decisions develop.',
    icon: History,
  },
];

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-heading" className="scroll-mt-16 bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Everything a citizen watchdog needs
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Government documents are long and dense. CivicWatch reads them with you, so you can hold power to account.
          </p>
        </div>
        <ul className="mt-16 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ title, description, icon: Icon }) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-slate-50 p-6 transition hover:border-blue-200 hover:shadow-md">
              <span className="inline-flex rounded-lg bg-blue-900 p-2.5">
                <Icon className="size-6 text-white" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
