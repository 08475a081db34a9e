import { useState } from 'react';
import { Search, Users } from 'lucide-react';
import type { UserView } from '@civicwatch/core/contracts/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { tierDisplayName } from '../../../lib/format.ts';
import { useUserOverview } from '../api/users.ts';
import { AdminSection, SectionStatus } from './admin-section.tsx';
import { ManageUserDialog } from './manage-user-dialog.tsx';
import { useSettledValue } from '../../../lib/use-settled-value.ts';

/** Typing settles before the server is asked again. */
const SEARCH_DELAY_MS = 300;

function UserTable({ users, onManage }: { users: UserView[]; onManage: (user: UserView) => void }) {
  return (
    <DataTable
      rows={users}
      rowKey={(user) => user.id}
      columns={[
        { header: 'Email', cell: (user) => user.email, className: 'max-w-64 truncate text-slate-900' },
        { header: 'Name', cell: (user) => [user.firstName, user.lastName].filter(Boolean).join(' ') || '—', className: 'text-slate-700' },
        {
          header: 'Tier',
          cell: (user) => (
            <>
              {tierDisplayName(user.subscriptionTier)}
              {user.isAdmin && <span className="ml-2 rounded-full bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-900">Admin</span>}
            </>
          ),
          className: 'text-slate-700',
        },
        { header: 'Credits', cell: (user) => user.credits, className: 'tabular-nums text-slate-700' },
        {
          header: 'Actions',
          hiddenHeader: true,
          cell: (user) => (
            <Button variant="outline" size="sm" aria-label={`Manage ${user.email}`} onClick={() => onManage(user)}>
              Manage
            </Button>
          ),
        },
      ]}
    />
  );
}

/** User overview (docs/product/administration.md "Admin panel", docs/product/credits-and-tiers.md "Tiers"): the first 10 users, "And N more users...", search on the server. */
export function UserOverview() {
  const [search, setSearch] = useState('');
  const query = useSettledValue(search, SEARCH_DELAY_MS);
  const overview = useUserOverview(query);
  const [managing, setManaging] = useState<UserView | null>(null);
  const more = overview.data ? overview.data.total - overview.data.users.length : 0;

  return (
    <AdminSection id="admin-users" title="Users" description="Accounts, their plans and credits." icon={Users}>
      <div className="space-y-4">
        <div className="relative max-w-sm">
          <TextField
            label="Search users"
            type="search"
            placeholder="E-mail or name"
            autoComplete="off"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
          <Search className="pointer-events-none absolute bottom-2.5 left-3 size-4 text-slate-400" aria-hidden="true" />
        </div>
        {overview.data ? (
          overview.data.users.length === 0 ? (
            <p className="py-4 text-sm text-slate-600">{query.trim() ? 'No users match this search.' : 'No users yet.'}</p>
          ) : (
            <>
              <UserTable users={overview.data.users} onManage={setManaging} />
              {more > 0 && <p className="text-sm text-slate-600">And {more} more users...</p>}
            </>
          )
        ) : (
          <SectionStatus isError={overview.isError} what="users" />
        )}
      </div>
      <ManageUserDialog user={managing} onClose={() => setManaging(null)} />
    </AdminSection>
  );
}
