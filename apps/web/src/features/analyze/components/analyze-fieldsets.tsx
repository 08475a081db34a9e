import { useId, type ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Info, MapPin, Sparkles } from 'lucide-react';
import { MAX_CUSTOM_FOCUS_CHARACTERS, analysisTypes, countries, usStates } from '@civicwatch/core/contracts/index.ts';
import { SelectField } from '../../../components/ui/form-field.tsx';
import { cn } from '../../../lib/cn.ts';
import type { AnalyzeFormOutput, AnalyzeFormValues } from '../utils/analyze-form.ts';
import { textareaClasses } from './document-source-tabs.tsx';
import { PaidFeatureNotice } from './paid-feature-notice.tsx';

const countryOptions = countries.map(([value, label]) => ({ value, label }));
const stateOptions = usStates.map(([value, label]) => ({ value, label }));
const formatCount = (n: number) => n.toLocaleString('en-US');

type FieldsetProps = {
  form: UseFormReturn<AnalyzeFormValues, unknown, AnalyzeFormOutput>;
  /** A paying user chooses a state and a custom focus; a Citizen is shown how to upgrade instead. */
  paid: boolean;
  disabled: boolean;
};

function Fieldset({ legend, icon, children }: { legend: string; icon: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4 sm:p-5">
      <legend className="flex items-center gap-2 px-1 text-sm font-semibold text-slate-900">
        {icon}
        {legend}
      </legend>
      {children}
    </fieldset>
  );
}

/**
 * Said before a credit is spent (docs/product/analysis.md "Analyzers"): the server's built-in
 * analyzer knows the US Constitution only, so the law of the state or country chosen goes unchecked. A status,
 * so that choosing a state announces it; the result repeats it among its warnings.
 */
function OfflineJurisdictionNote({ law }: { law: string }) {
  return (
    <p role="status" className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        This analysis will check the document against the US Constitution only. Checking it against {law} needs a language-model analyzer, which this
        server does not have.
      </span>
    </p>
  );
}

/** Country, and a paying user's US state (docs/product/screens.md "Analyze page"); with the offline analyzer, what it leaves unchecked. */
export function JurisdictionFieldset({ form, paid, disabled, uncheckedLaw, offline }: FieldsetProps & { uncheckedLaw: string | null; offline: boolean }) {
  const country = form.watch('country');
  const { errors } = form.formState;
  const countryField = form.register('country', { onChange: (event: { target: { value: string } }) => event.target.value !== 'US' && form.setValue('state', '') });
  return (
    <Fieldset legend="Jurisdiction" icon={<MapPin className="size-4 text-blue-900" aria-hidden="true" />}>
      <SelectField label="Country" options={countryOptions} disabled={disabled} error={errors.country?.message} {...countryField} />
      {country === 'US' &&
        (paid ? (
          <SelectField
            label="State"
            options={stateOptions}
            placeholder="All states (federal analysis)"
            disabled={disabled}
            error={errors.state?.message}
            // Offline, a state's law goes unchecked: the note below says so, the hint must not promise it.
            hint={offline ? undefined : 'Choose a state to include its constitution and laws.'}
            {...form.register('state')}
          />
        ) : (
          <PaidFeatureNotice message="State selection available for paying subscribers" action="Upgrade to Select State" />
        ))}
      {uncheckedLaw && <OfflineJurisdictionNote law={uncheckedLaw} />}
    </Fieldset>
  );
}

/** The analysis types, custom ones for paying users with their focus (docs/product/screens.md "Analyze page"). */
export function AnalysisTypeFieldset({ form, paid, disabled }: FieldsetProps) {
  const ids = { type: useId(), focus: useId(), focusHelp: useId() };
  const analysisType = form.watch('analysisType');
  const customPrompt = form.watch('customPrompt');
  const { errors } = form.formState;
  const typeField = form.register('analysisType');
  const optionsError = errors.analysisType?.message ?? errors.customPrompt?.message;
  return (
    <Fieldset legend="Analysis Type" icon={<Sparkles className="size-4 text-blue-900" aria-hidden="true" />}>
      <div className="space-y-3">
        {analysisTypes.map(({ key: value, label, description, paidOnly }) => {
          const locked = paidOnly && !paid;
          const checked = analysisType === value;
          return (
            <label
              key={value}
              className={cn(
                'flex items-start gap-3 rounded-lg border p-3 transition-colors',
                checked ? 'border-blue-600 bg-blue-50/60' : 'border-slate-200',
                locked ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:border-blue-300',
              )}
            >
              <input
                type="radio"
                value={value}
                disabled={locked || disabled}
                aria-labelledby={`${ids.type}-${value}-label`}
                aria-describedby={`${ids.type}-${value}-description`}
                className="mt-1 size-4 shrink-0 accent-blue-900"
                {...typeField}
              />
              <span>
                <span id={`${ids.type}-${value}-label`} className="block text-sm font-semibold text-slate-900">
                  {label}
                </span>
                <span id={`${ids.type}-${value}-description`} className="block text-sm text-slate-600">
                  {description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {!paid && <PaidFeatureNotice message="Available for paying subscribers" action="Upgrade to Access Custom Analysis" />}
      {paid && analysisType === 'custom' && (
        <div className="space-y-1.5">
          <label htmlFor={ids.focus} className="block text-sm font-medium text-slate-800">
            Custom focus
          </label>
          <textarea
            id={ids.focus}
            rows={4}
            maxLength={MAX_CUSTOM_FOCUS_CHARACTERS}
            disabled={disabled}
            aria-describedby={ids.focusHelp}
            placeholder="e.g. Look for no-bid contracts and changes to public comment periods"
            className={textareaClasses}
            {...form.register('customPrompt')}
          />
          <p id={ids.focusHelp} className="text-xs text-slate-500">
            Tell the watchdog what to look for. {formatCount(customPrompt.length)} / {formatCount(MAX_CUSTOM_FOCUS_CHARACTERS)} characters
          </p>
        </div>
      )}
      {optionsError && (
        <p role="alert" className="text-sm text-red-700">
          {optionsError}
        </p>
      )}
    </Fieldset>
  );
}
