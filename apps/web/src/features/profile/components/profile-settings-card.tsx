import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { Settings } from 'lucide-react';
import { isPaidTier, countries, countryName, profileUpdateSchema, usStateName, usStates, type UserView } from '@civicwatch/core/contracts/index.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { useToast } from '../../../components/ui/toaster.tsx';
import { tierDisplayName } from '../../../lib/format.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { ManageSubscription } from './manage-subscription.tsx';

/** Profile and admin areas show the codes themselves (docs/product/api.md "Wire formats"). */
const countryOptions = countries.map(([code]) => ({ value: code, label: code }));
const stateOptions = usStates.map(([code]) => ({ value: code, label: code }));

function ProfileView({ user, paymentsEnabled, onEdit }: { user: UserView; paymentsEnabled: boolean; onEdit: () => void }) {
  const [managing, setManaging] = useState(false);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const rows: Array<[string, string]> = [
    ['Email', user.email],
    ['Name', name || 'Not set'],
    ['Country', countryName(user.country)],
    ['State', user.state ? (user.country === 'US' ? usStateName(user.state) : user.state) : 'Not set'],
  ];

  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm font-medium text-slate-500">{label}</dt>
            <dd className="mt-1 break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={onEdit}>
          Edit Profile
        </Button>
        <Link to="/account" className={buttonClasses('outline')}>
          <Settings className="size-4" aria-hidden="true" />
          Account Settings
        </Link>
        {!isPaidTier(user.subscriptionTier) ? (
          <Link to="/subscribe" className={buttonClasses('primary')}>
            Upgrade Plan
          </Link>
        ) : (
          <Button variant="outline" aria-expanded={managing} onClick={() => setManaging((open) => !open)}>
            Manage Subscription
          </Button>
        )}
      </div>
      {managing && <ManageSubscription tier={user.subscriptionTier} paymentsEnabled={paymentsEnabled} />}
    </div>
  );
}

function ProfileForm({ user, onDone }: { user: UserView; onDone: () => void }) {
  const toast = useToast();
  const form = useForm({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      country: user.country,
      state: user.state ?? '',
    },
  });
  const update = useUpdateProfile({
    onSaved: () => {
      toast({ title: 'Profile updated', description: 'Your profile has been updated successfully.', variant: 'success' });
      onDone();
    },
    onFailed: () => toast({ title: 'Error', description: 'Failed to update profile. Please try again.', variant: 'destructive' }),
  });
  const { errors } = form.formState;
  const inUnitedStates = form.watch('country') === 'US';

  return (
    <form noValidate className="space-y-5" onSubmit={form.handleSubmit((values) => update.mutate(values))}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label="First Name" autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
        <SelectField
          label="Country"
          options={countryOptions}
          error={errors.country?.message}
          {...form.register('country', { onChange: () => form.setValue('state', '') })}
        />
        {inUnitedStates ? (
          <SelectField label="State" options={stateOptions} placeholder="Select a state" error={errors.state?.message} {...form.register('state')} />
        ) : (
          <TextField label="State / Province" autoComplete="address-level1" error={errors.state?.message} {...form.register('state')} />
        )}
      </div>
      <TextField
        label="Subscription Level"
        value={tierDisplayName(user.subscriptionTier)}
        readOnly
        className="bg-slate-100 text-slate-700"
        hint="Change your plan from the subscription page."
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * Profile Settings of the signed-in home (docs/product/screens.md "Profile Settings"): a read-only view and an edit form. `paymentsEnabled`
 * (GET /api/config) decides whether Cancel Subscription can cancel by itself.
 */
export function ProfileSettingsCard({ user, paymentsEnabled = false }: { user: UserView; paymentsEnabled?: boolean }) {
  const [editing, setEditing] = useState(false);
  return (
    <section id="profile" aria-labelledby="profile-heading" className="scroll-mt-20">
      <Card>
        <CardHeader>
          <CardTitle id="profile-heading">Profile Settings</CardTitle>
          <CardDescription>Your account details and the jurisdiction used for your analyses.</CardDescription>
        </CardHeader>
        <CardContent>
          {editing ? <ProfileForm user={user} onDone={() => setEditing(false)} /> : <ProfileView user={user} paymentsEnabled={paymentsEnabled} onEdit={() => setEditing(true)} />}
        </CardContent>
      </Card>
    </section>
  );
}
