import { forwardRef, useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { ClipboardType, FileUp } from 'lucide-react';
import { MAX_TEXT_CHARACTERS, type SubscriptionTierView } from '@civicwatch/core/contracts/index.ts';
import { cn } from '../../../lib/cn.ts';

export type SourceTab = 'upload' | 'text';

export const textareaClasses =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600 disabled:bg-slate-100';

/** A tab panel is itself a Tab stop (WAI-ARIA tabs), so it shows focus like every other stop. */
const tabPanelClasses = 'rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

const formatCount = (n: number) => n.toLocaleString('en-US');

/** Upload PDF and Paste Text (docs/product/screens.md "Analyze page"): one document's two ways in, as tabs. */
export function DocumentSourceTabs({
  value,
  onValueChange,
  label = 'Document source',
  upload,
  text,
}: {
  value: SourceTab;
  onValueChange: (tab: SourceTab) => void;
  /** The tab list's accessible name; a page with two documents names each. */
  label?: string;
  upload: ReactNode;
  text: ReactNode;
}) {
  return (
    <Tabs.Root value={value} onValueChange={(next) => onValueChange(next === 'text' ? 'text' : 'upload')} className="space-y-4">
      <Tabs.List aria-label={label} className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
        {[
          { value: 'upload', label: 'Upload PDF', Icon: FileUp },
          { value: 'text', label: 'Paste Text', Icon: ClipboardType },
        ].map(({ value: tab, label: tabLabel, Icon }) => (
          <Tabs.Trigger
            key={tab}
            value={tab}
            className={cn(
              'inline-flex items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition-colors',
              'hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
              'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
            {tabLabel}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="upload" className={tabPanelClasses}>
        {upload}
      </Tabs.Content>
      <Tabs.Content value="text" className={cn(tabPanelClasses, 'space-y-4')}>
        {text}
      </Tabs.Content>
    </Tabs.Root>
  );
}

type PastedTextFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label?: string;
  /** The characters pasted so far, for the counter and the tier's limit. */
  length: number;
  /** The user's tier, to say when the text is longer than it takes; undefined while it loads. */
  tier: SubscriptionTierView | undefined;
  error?: string | undefined;
};

/** The pasted document's text, with its counter, the tier's limit and, after a refused submit, why. */
export const PastedTextField = forwardRef<HTMLTextAreaElement, PastedTextFieldProps>(function PastedTextField(
  { label = 'Document text', length, tier, error, className, ...props },
  ref,
) {
  const id = useId();
  const helpId = useId();
  const errorId = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        rows={10}
        maxLength={MAX_TEXT_CHARACTERS}
        aria-describedby={error ? `${errorId} ${helpId}` : helpId}
        aria-invalid={error ? true : undefined}
        placeholder="Paste the text of the ordinance, budget or minutes here..."
        className={cn(textareaClasses, 'min-h-48 resize-y', error && 'border-red-400', className)}
        {...props}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div id={helpId} className="flex flex-wrap justify-between gap-2 text-xs text-slate-500">
        <span>Paste the document text (minimum 50 characters)</span>
        <span className="tabular-nums">
          {formatCount(length)} / {formatCount(MAX_TEXT_CHARACTERS)} characters
        </span>
      </div>
      {tier !== undefined && length > tier.maxCharacters && (
        <p className="text-xs text-amber-800">
          Your {tier.name} plan analyzes up to {formatCount(tier.maxCharacters)} characters per document.
        </p>
      )}
    </div>
  );
});
