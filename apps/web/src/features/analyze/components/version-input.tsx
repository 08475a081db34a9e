import { Controller, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { FileClock, FileCheck2 } from 'lucide-react';
import { DEFAULT_TEXT_TITLE, MAX_TITLE_CHARACTERS, versionLabels, type SubscriptionTierView, type VersionSide } from '@civicwatch/core/contracts/index.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import type { CompareFormOutput, CompareFormValues } from '../utils/compare-form.ts';
import { DocumentDropZone } from './document-drop-zone.tsx';
import { DocumentSourceTabs, PastedTextField } from './document-source-tabs.tsx';

const icons: Record<VersionSide, typeof FileClock> = { earlier: FileClock, later: FileCheck2 };

type VersionInputProps = {
  side: VersionSide;
  control: Control<CompareFormValues, unknown, CompareFormOutput>;
  register: UseFormRegister<CompareFormValues>;
  errors: FieldErrors<CompareFormValues>[VersionSide];
  tier: SubscriptionTierView | undefined;
  disabled: boolean;
  /** A file that is not one PDF of at most 10 MB; the message says why. */
  onReject: (message: string) => void;
};

/** One version of the Compare page: its title, then its PDF (dropped or chosen) or its pasted text, as on the Analyze page. */
export function VersionInput({ side, control, register, errors, tier, disabled, onReject }: VersionInputProps) {
  const label = versionLabels[side];
  const Icon = icons[side];
  const [source, file, text] = useWatch({ control, name: [`${side}.source`, `${side}.file`, `${side}.text`] });
  const titlePlaceholder = source === 'upload' && file ? file.name.replace(/\.pdf$/i, '') : source === 'text' ? DEFAULT_TEXT_TITLE : 'The PDF file name';

  return (
    <fieldset className="min-w-0 space-y-4 rounded-lg border border-slate-200 p-4 sm:p-5">
      <legend className="flex items-center gap-2 px-1 text-sm font-semibold text-slate-900">
        <Icon className="size-4 text-blue-900" aria-hidden="true" />
        {label}
      </legend>
      <TextField
        label="Title (optional)"
        placeholder={titlePlaceholder}
        maxLength={MAX_TITLE_CHARACTERS}
        disabled={disabled}
        error={errors?.title?.message}
        {...register(`${side}.title`)}
      />
      <Controller
        control={control}
        name={`${side}.source`}
        render={({ field }) => (
          <DocumentSourceTabs
            value={field.value}
            onValueChange={field.onChange}
            label={`${label} source`}
            upload={
              <Controller
                control={control}
                name={`${side}.file`}
                render={({ field: fileField, fieldState }) => (
                  <div className="space-y-1.5">
                    <DocumentDropZone file={fileField.value} onFile={fileField.onChange} onReject={onReject} disabled={disabled} label={`${label} PDF`} />
                    {fieldState.error?.message && (
                      <p role="alert" className="text-sm text-red-700">
                        {fieldState.error.message}
                      </p>
                    )}
                  </div>
                )}
              />
            }
            text={
              <PastedTextField
                length={text.length}
                tier={tier}
                disabled={disabled}
                error={errors?.text?.message}
                {...register(`${side}.text`)}
              />
            }
          />
        )}
      />
    </fieldset>
  );
}
