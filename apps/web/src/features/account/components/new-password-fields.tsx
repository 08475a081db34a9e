import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '../../../components/ui/form-field.tsx';

interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/** The new password twice, as the reset page and the Password section of account settings ask for it. */
export function NewPasswordFields<T extends NewPasswordValues>({ register, errors }: {
  register: UseFormRegister<T>;
  errors: FieldErrors<NewPasswordValues>;
}) {
  const fields = register as unknown as UseFormRegister<NewPasswordValues>;
  return (
    <>
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 6 characters."
        error={errors.password?.message}
        {...fields('password')}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...fields('confirmPassword')}
      />
    </>
  );
}
