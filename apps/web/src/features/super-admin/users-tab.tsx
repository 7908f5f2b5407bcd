import { ROLES, ROLE_LABELS, type Role } from '@complivue/shared/roles';
import type { z } from 'zod';
import type { adminUserSchema } from '@complivue/shared/schemas/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiClientError } from '@/lib/api-client';
import { changeRole, findUsers } from './api.ts';
import { Pager } from './pager.tsx';
import { SearchBox } from './search-box.tsx';
import { usePagedSearch } from './use-paged-search.ts';

type AdminUser = z.infer<typeof adminUserSchema>;

function RoleEditor({ member, isSelf }: { member: AdminUser; isSelf: boolean }) {
  const queryClient = useQueryClient();
  const [role, setRole] = useState<Role>(member.role);
  const [busy, setBusy] = useState(false);
  if (isSelf) return <span className="text-slate-600">{ROLE_LABELS[member.role]} (you)</span>;
  async function save() {
    setBusy(true);
    try {
      await changeRole(member.userId, role);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
      toast.success(`${member.email} is now ${ROLE_LABELS[role]}.`);
    } catch (caught) {
      toast.error(
        caught instanceof ApiClientError ? caught.message : 'The role could not be changed.',
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex items-center gap-2">
      <select
        aria-label={`Role of ${member.email}`}
        className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm"
        value={role}
        onChange={(event) => setRole(event.target.value as Role)}
      >
        {ROLES.map((option) => (
          <option key={option} value={option}>
            {ROLE_LABELS[option]}
          </option>
        ))}
      </select>
      <Button size="sm" variant="secondary" disabled={busy || role === member.role} onClick={save}>
        Change role
      </Button>
    </div>
  );
}

export function UsersTab({ currentUserId }: { currentUserId: string }) {
  const { result: users, setPage, search } = usePagedSearch('users', findUsers);
  return (
    <div>
      <SearchBox label="Search users by email, name or institution" onSearch={search} />
      {users.isPending ? (
        <Spinner label="Loading users" />
      ) : users.isError ? (
        <Alert variant="destructive">{users.error.message}</Alert>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    User
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Institution
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Role
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {users.data.items.map((member) => (
                  <tr key={member.userId}>
                    <td className="py-2 pr-4">
                      <span className="block font-medium text-slate-900">
                        {member.fullName ?? member.email}
                      </span>
                      <span className="text-slate-600">{member.email}</span>
                    </td>
                    <td className="py-2 pr-4">{member.company?.name ?? '—'}</td>
                    <td className="py-2 pr-4 capitalize">{member.status}</td>
                    <td className="py-2">
                      <RoleEditor member={member} isSelf={member.userId === currentUserId} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={users.data.page}
            pageSize={users.data.pageSize}
            total={users.data.total}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}
