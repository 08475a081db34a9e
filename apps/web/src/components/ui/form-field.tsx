import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

/** `focus-within`: a date input's calendar button takes focus inside the input, and the ring shows for it too. */
const controlClasses =
  'block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus-within:ring-2 focus-within:ring-blue-600 focus-within:border-blue-600 disabled:bg-slate-100 disabled:text-slate-500';

type FieldChrome = { label: string; error?: string | undefined; hint?: ReactNode };

function Field({ id, label, error, hint, children }: FieldChrome & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-slate-500">{hint}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input whose validation message is tied to it for assistive technology. */
export const TextField = forwardRef<HTMLInputElement, FieldChrome & InputHTMLAttributes<HTMLInputElement>>(function TextField(
  { label, error, hint, id, className, ...props },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Field id={inputId} label={label} error={error} hint={hint}>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className={cn(controlClasses, error ? 'border-red-400' : 'border-slate-300', className)}
        {...props}
      />
    </Field>
  );
});

type Option = { value: string; label: string };

export const SelectField = forwardRef<
  HTMLSelectElement,
  FieldChrome & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly Option[]; placeholder?: string }
>(function SelectField({ label, error, hint, id, className, options, placeholder, ...props }, ref) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <Field id={selectId} label={label} error={error} hint={hint}>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        className={cn(controlClasses, error ? 'border-red-400' : 'border-slate-300', className)}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
});
