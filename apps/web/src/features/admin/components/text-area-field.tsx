import { forwardRef, useId, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../../lib/cn.ts';

/** A labelled multi-line input, styled like the shared form fields, with its message tied to it. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | undefined; hint?: string }>(
  function TextAreaField({ label, error, hint, id, className, ...props }, ref) {
    const generated = useId();
    const fieldId = id ?? generated;
    return (
      <div className="space-y-1.5">
        <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <textarea
          ref={ref}
          id={fieldId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className={cn(
            'block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600',
            error ? 'border-red-400' : 'border-slate-300',
            className,
          )}
          {...props}
        />
        {hint && !error && <p className="text-xs text-slate-500">{hint}</p>}
        {error && (
          <p id={`${fieldId}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  },
);
