import { SIGN_IN_ACTION } from '@complivue/shared/audit-actions';
import { COMPANY_ROLES, ROLES, hasRoleAtLeast, type CompanyRole } from '@complivue/shared/roles';
import type { TeamMember, TeamSort } from '@complivue/shared/schemas/team';
import { useQueryClient } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { DataTable, type Column } from '@/components/data-table';
import { Pager } from '@/components/pager';
import { QueryState } from '@/components/query-state';
import { RoleEditor } from '@/components/role-editor';
import { SearchBox } from '@/components/search-box';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import { useSession } from '@/lib/session';
import { InvitationsSection } from './invitations-section.tsx';
import { teamQueryKey, useSetMemberActive, useTeamMembers, type MembersQuery } from './api.ts';

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

function MemberAccessButton({ member }: { member: TeamMember }) {
  const setActive = useSetMemberActive();
  const busy = setActive.isPending;
  const name = member.fullName ?? member.email;
  function apply(active: boolean) {
    setActive.mutate(
      { userId: member.userId, active },
      {
        onSuccess: () =>
          toast.success(active ? `${name} can sign in again.` : `${name} has been deactivated.`),
        onError: (caught) =>
          toast.error(userFacingMessage(caught, 'The change could not be saved.')),
      },
    );
  }
  if (member.status === 'deactivated') {
    return (
      <Button size="sm" variant="secondary" disabled={busy} onClick={() => apply(true)}>
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
              <Button variant="destructive" onClick={() => apply(false)}>
                Deactivate
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * When the member last signed in, read from the audit trail, and a link to their sign-ins there:
 * the first entry of that list is this time (one source, DESIGN.md rule 6).
 */
function LastSignIn({ member }: { member: TeamMember }) {
  if (!member.lastSignInAt) return <>Never</>;
  const signIns = new URLSearchParams({ actor: member.userId, action: SIGN_IN_ACTION });
  const shown = formatDateTime(member.lastSignInAt);
  return (
    <Link
      to={`${paths.usersActivity}?${signIns}`}
      aria-label={`${shown}, sign-ins of ${member.fullName ?? member.email}`}
      className="text-brand-700 underline"
    >
      <time dateTime={member.lastSignInAt}>{shown}</time>
    </Link>
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
  const sortBy = (sort: TeamSort) => ({
    active: query.sort === sort,
    direction: query.direction,
    onSort: () =>
      setQuery((current) => ({
        ...current,
        sort,
        direction: current.sort === sort && current.direction === 'asc' ? 'desc' : 'asc',
        page: 1,
      })),
  });
  const columns: Column<TeamMember>[] = [
    {
      header: 'Member',
      sort: sortBy('name'),
      cell: (member) => (
        <>
          <span className="block font-medium text-slate-900">
            {member.fullName ?? member.email}
          </span>
          <span className="block text-slate-700">{member.email}</span>
          {member.jobTitle && (
            <span className="block text-xs text-slate-600">{member.jobTitle}</span>
          )}
        </>
      ),
    },
    {
      header: 'Role',
      sort: sortBy('role'),
      cell: (member) => (
        <RoleEditor
          member={member}
          isSelf={member.userId === session?.user.id}
          options={isSuperAdmin ? ROLES : GRANTABLE_ROLES}
          onChanged={refresh}
        />
      ),
    },
    {
      header: 'Status',
      sort: sortBy('status'),
      cell: (member) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[member.status]}`}
        >
          {STATUS_LABELS[member.status]}
        </span>
      ),
    },
    {
      header: 'Last sign-in',
      sort: sortBy('last_sign_in'),
      className: 'text-slate-700',
      cell: (member) => <LastSignIn member={member} />,
    },
    { header: 'Two-factor', cell: (member) => (member.twoFactorEnabled ? 'On' : 'Off') },
    {
      header: 'Actions',
      hideHeader: true,
      className: 'text-right',
      cell: (member) => {
        const isSelf = member.userId === session?.user.id;
        const manageable = !isSelf && (isSuperAdmin || !hasRoleAtLeast(member.role, 'admin'));
        return manageable && <MemberAccessButton member={member} />;
      },
    },
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
        <QueryState query={members} loading="Loading members">
          {(data) => (
            <>
              <DataTable
                caption="Members of your institution"
                columns={columns}
                rows={data.items}
                rowKey={(member) => member.userId}
                minWidth="48rem"
              />
              <Pager
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                onPage={(page) => setQuery((current) => ({ ...current, page }))}
              />
            </>
          )}
        </QueryState>
      </Card>
    </div>
  );
}
