import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** One area of the admin panel: a card whose heading names the region for assistive technology. */
export function AdminSection({
  id,
  title,
  description,
  icon: Icon,
  children,
}: {
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-20">
      <Card>
        <CardHeader>
          <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-semibold tracking-tight text-slate-900">
            <Icon className="size-5 text-blue-900" aria-hidden="true" />
            {title}
          </h2>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}

/** What a section shows before its data: a spinner, or the failure in plain words. */
export function SectionStatus({ isError, what }: { isError: boolean; what: string }) {
  if (isError) {
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        Could not load the {what}. Reload the page to try again.
      </p>
    );
  }
  return (
    <div className="flex justify-center py-6">
      <Spinner label={`Loading ${what}`} />
    </div>
  );
}
