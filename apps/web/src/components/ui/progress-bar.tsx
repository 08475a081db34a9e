import * as Progress from '@radix-ui/react-progress';
import { cn } from '../../lib/cn.ts';

type ProgressBarProps = {
  /** Names the bar for screen readers ("Reading the document"). */
  label: string;
  /** Share done, 0..1; null while how far it has got is unknown (the bar moves without a value). */
  fraction: number | null;
  /** What a screen reader says of the value ("Page 3 of 12"); the percentage otherwise. */
  valueText?: string;
  /** The filled part's colour: done reads differently from under way. */
  tone?: 'working' | 'done';
  className?: string;
};

/**
 * A Radix progress bar (role progressbar with its value, or none while unknown), drawn thin: the words beside it
 * say what is happening, the bar how far it has got.
 */
export function ProgressBar({ label, fraction, valueText, tone = 'working', className }: ProgressBarProps) {
  const percent = fraction === null ? null : Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <Progress.Root
      value={percent}
      max={100}
      aria-label={label}
      getValueLabel={(value) => valueText ?? `${value}%`}
      className={cn('relative h-1.5 overflow-hidden rounded-full bg-slate-200', className)}
    >
      <Progress.Indicator
        className={cn(
          'h-full rounded-full transition-[width]',
          tone === 'done' ? 'bg-emerald-700' : 'bg-blue-900',
          percent === null && 'w-1/3 animate-pulse motion-reduce:animate-none',
        )}
        style={percent === null ? undefined : { width: `${percent}%` }}
      />
    </Progress.Root>
  );
}
