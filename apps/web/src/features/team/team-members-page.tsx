import { COMPANY_ROLES, ROLES, hasRoleAtLeast, type CompanyRole } from '@complivue/shared/roles';
import type { TeamMember, TeamSort } from '@complivue/shared/schemas/team';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { toast } from 'sonner';
import { Pager } from '@/components/pager';
import { RoleEditor } from '@/components/role-editor';
import { SearchBox } from '@/components/search-box';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import { useSession } from '@/lib/session';
import { InvitationsSection } from './invitations-section.tsx';
import { setMemberActive, teamQueryKey, useTeamMembers, type MembersQuery } from './api.ts';

const STATUS_LABELS: Record<TeamMember['status'], string> = {
  active: 'Active',
  invited: 'Invited',
  deactivated: 'Deactivated',
};

const STATUS_STYLES: Record<TeamMember['status'], string> = {
  active: 'bg-emerald-50 text-emerald-900',
  invited: 'bg-amber-50 text-amber-900',
  deactivated: 'bg-slate-100 text-slate-700',
};

/** What a company admin may give (the server decides again; admins are the operator's). */
const GRANTABLE_ROLES: readonly CompanyRole[] = COMPANY_ROLES.filter((role) => role !== 'admin');

function SortableHeader({
  label,
  sort,
  query,
  onSort,
}: {
  label: string;
  sort: TeamSort;
  query: MembersQuery;
  onSort: (sort: TeamSort) => void;
}) {
  const active = query.sort === sort;
  const Arrow = query.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      className="py-2 pr-4 font-medium"
      aria-sort={active ? (query.direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button
        type="button"
        onClick={() => onSort(sort)}
        className="inline-flex items-center gap-1 hover:text-slate-900"
      >
        {label}
        {active && <Arrow aria-hidden="true" className="size-3.5" />}
      </button>
    </th>
  );
}

function MemberAccessButton({ member, onDone }: { member: TeamMember; onDone: () => unknown }) {
  const [busy, setBusy] = useState(false);
  const name = member.fullName ?? member.email;
  async function apply(active: boolean) {
    setBusy(true);
    try {
      await setMemberActive(member.userId, active);
      await onDone();
      toast.success(active ? `${name} can sign in again.` : `${name} has been deactivated.`);
    } catch (caught) {
      toast.error(userFacingMessage(caught, 'The change could not be saved.'));
    } finally {
      setBusy(false);
    }
  }
  if (member.status === 'deactivated') {
    return (
      <Button size="sm" variant="secondary" disabled={busy} onClick={() => void apply(true)}>
        Reactivate
      </Button>
    );
  }
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button size="sm" variant="ghost" disabled={busy} aria-label={`Deactivate ${name}`}>
          Deactivate
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            Deactivate {name}?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            They are signed out everywhere at once and cannot sign in until you reactivate them.
            Their work, comments and activity stay on record. Their seat becomes free.
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Cancel</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="destructive" onClick={() => void apply(false)}>
                Deactivate
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** `/users/team`: the institution's members, their roles, status, sign-ins and two-factor. */
export function TeamMembersPage() {
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const [query, setQuery] = useState<MembersQuery>({
    query: '',
    sort: 'name',
    direction: 'asc',
    page: 1,
  });
  const members = useTeamMembers(query);
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamQueryKey });
  const isSuperAdmin = session?.profile.role === 'super_admin';
  const sortBy = (sort: TeamSort) =>
    setQuery((current) => ({
      ...current,
      sort,
      direction: current.sort === sort && current.direction === 'asc' ? 'desc' : 'asc',
      page: 1,
    }));
  const headers: [string, TeamSort][] = [
    ['Member', 'name'],
    ['Role', 'role'],
    ['Status', 'status'],
    ['Last sign-in', 'last_sign_in'],
  ];

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Team Members</h1>
        <p className="mt-1 text-sm text-slate-700">
          Who is on your compliance team, what they may do, and how their accounts are secured.
        </p>
      </div>
      <InvitationsSection roles={isSuperAdmin ? COMPANY_ROLES : GRANTABLE_ROLES} />
      <Card className="p-5 sm:p-6">
        {members.data && (
          <p className="mb-4 text-sm text-slate-700">
            <span className="font-semibold text-slate-900">{members.data.seats.used}</span>
            {members.data.seats.limit === null
              ? ' seats in use (unlimited on your plan)'
              : ` of ${members.data.seats.limit} seats in use`}
          </p>
        )}
        <SearchBox
          label="Search members by name, email or title"
          onSearch={(value) => setQuery((current) => ({ ...current, query: value, page: 1 }))}
        />
        {members.isPending ? (
          <Spinner label="Loading members" />
        ) : members.isError ? (
          <Alert variant="destructive">{members.error.message}</Alert>
        ) : (
          <>
            <div className="overflow-x-auto">
              <table className="w-full min-w-[48rem] text-left text-sm">
                <caption className="sr-only">Members of your institution</caption>
                <thead className="text-slate-700">
                  <tr>
                    {headers.map(([label, sort]) => (
                      <SortableHeader
                        key={sort}
                        label={label}
                        sort={sort}
                        query={query}
                        onSort={sortBy}
                      />
                    ))}
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Two-factor
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {members.data.items.map((member) => {
                    const isSelf = member.userId === session?.user.id;
                    const manageable =
                      !isSelf && (isSuperAdmin || !hasRoleAtLeast(member.role, 'admin'));
                    return (
                      <tr key={member.userId}>
                        <td className="py-3 pr-4">
                          <span className="block font-medium text-slate-900">
                            {member.fullName ?? member.email}
                          </span>
                          <span className="block text-slate-700">{member.email}</span>
                          {member.jobTitle && (
                            <span className="block text-xs text-slate-600">{member.jobTitle}</span>
                          )}
                        </td>
                        <td className="py-3 pr-4">
                          <RoleEditor
                            member={member}
                            isSelf={isSelf}
                            options={isSuperAdmin ? ROLES : GRANTABLE_ROLES}
                            onChanged={refresh}
                          />
                        </td>
                        <td className="py-3 pr-4">
                          <span
                            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[member.status]}`}
                          >
                            {STATUS_LABELS[member.status]}
                          </span>
                        </td>
                        <td className="py-3 pr-4 text-slate-700">
                          {member.lastSignInAt ? formatDateTime(member.lastSignInAt) : 'Never'}
                        </td>
                        <td className="py-3 pr-4">{member.twoFactorEnabled ? 'On' : 'Off'}</td>
                        <td className="py-3 text-right">
                          {manageable && <MemberAccessButton member={member} onDone={refresh} />}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <Pager
              page={members.data.page}
              pageSize={members.data.pageSize}
              total={members.data.total}
              onPage={(page) => setQuery((current) => ({ ...current, page }))}
            />
          </>
        )}
      </Card>
    </div>
  );
}
