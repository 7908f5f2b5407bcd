import { ROLES } from '@complivue/shared/roles';
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { findUsers } from './api.ts';
import { RoleEditor } from '@/components/role-editor';
import { Pager } from '@/components/pager';
import { SearchBox } from '@/components/search-box';
import { usePagedSearch } from './use-paged-search.ts';

export function UsersTab({ currentUserId }: { currentUserId: string }) {
  const queryClient = useQueryClient();
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
                      <RoleEditor
                        member={member}
                        isSelf={member.userId === currentUserId}
                        options={ROLES}
                        onChanged={() =>
                          queryClient.invalidateQueries({ queryKey: ['admin', 'users'] })
                        }
                      />
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
