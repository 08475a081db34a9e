import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';

/** One section of account settings: a card named by its heading, so each is a landmark of its own. */
export function SettingsSection({ title, description, tone = 'default', children }: {
  title: string;
  description?: ReactNode;
  /** `danger` marks what cannot be undone. */
  tone?: 'default' | 'danger';
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card className={cn(tone === 'danger' && 'border-red-200')}>
        <CardHeader>
          <h2 id={headingId} className={cn('text-lg font-semibold tracking-tight', tone === 'danger' ? 'text-red-800' : 'text-slate-900')}>
            {title}
          </h2>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}
