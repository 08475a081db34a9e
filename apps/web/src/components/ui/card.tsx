import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-xl border border-slate-200 bg-white shadow-sm', className)} {...props} />;
}

export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('space-y-1.5 p-6 pb-4', className)} {...props} />;
}

/** A card's heading: level 2 under the page's h1 by default; 3 for a card inside a section that has its own h2. */
export function CardTitle({ level = 2, className, ...props }: HTMLAttributes<HTMLHeadingElement> & { level?: 1 | 2 | 3 }) {
  const Heading = level === 1 ? 'h1' : level === 3 ? 'h3' : 'h2';
  return <Heading className={cn('text-lg font-semibold tracking-tight text-slate-900', className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('text-sm text-slate-600', className)} {...props} />;
}

export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('p-6 pt-0', className)} {...props} />;
}
