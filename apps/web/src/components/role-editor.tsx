import { ROLE_LABELS, type Role } from '@complivue/shared/roles';
import { adminUserSchema } from '@complivue/shared/schemas/admin';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { apiRequest, userFacingMessage } from '@/lib/api-client';

/**
 * Changes a member's role. Shared by Team Members and the super admin's Users tab, which each
 * say (`onChanged`) which of their lists to fetch again.
 */
export function useChangeRole(onChanged: () => unknown) {
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
      apiRequest(`/api/users/${encodeURIComponent(userId)}/role`, {
        method: 'PATCH',
        body: { role },
        schema: adminUserSchema,
      }),
    onSuccess: () => onChanged(),
  });
}

/**
 * A member's role with a Change role button. `options` are the roles the viewer may give; the
 * server decides again (a company admin gives user or manager; a super admin any role).
 */
export function RoleEditor({
  member,
  isSelf,
  options,
  onChanged,
}: {
  member: { userId: string; email: string; role: Role };
  isSelf: boolean;
  options: readonly Role[];
  onChanged: () => unknown;
}) {
  const [role, setRole] = useState<Role>(member.role);
  const changeRole = useChangeRole(onChanged);
  if (isSelf) return <span className="text-slate-700">{ROLE_LABELS[member.role]} (you)</span>;
  if (!options.includes(member.role)) {
    return <span className="text-slate-700">{ROLE_LABELS[member.role]}</span>;
  }
  function save() {
    changeRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () => toast.success(`${member.email} is now ${ROLE_LABELS[role]}.`),
        onError: (caught) =>
          toast.error(userFacingMessage(caught, 'The role could not be changed.')),
      },
    );
  }
  return (
    <div className="flex items-center gap-2">
      <select
        aria-label={`Role of ${member.email}`}
        className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm"
        value={role}
        onChange={(event) => setRole(event.target.value as Role)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {ROLE_LABELS[option]}
          </option>
        ))}
      </select>
      <Button
        size="sm"
        variant="secondary"
        disabled={changeRole.isPending || role === member.role}
        onClick={save}
      >
        Change role
      </Button>
    </div>
  );
}
