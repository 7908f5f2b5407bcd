import { decideAccess, pageAccess } from '@complivue/shared/access';
import { ROLE_LABELS } from '@complivue/shared/roles';
import type { SessionResponse } from '@complivue/shared/schemas/auth';
import { Lock } from 'lucide-react';
import { NavLink } from 'react-router';
import { UserAvatar } from '@/components/user-avatar';
import { isBuilt, paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { displayName } from '@/lib/session';
import { useSubscription } from '@/lib/subscription';
import { neededPlanLabel } from '@/lib/use-page-access';
import { SIDEBAR_ITEMS, type NavItem } from '../navigation.ts';

/** What a locked item says it needs: the plan's name, or the role's. */
function lockReason(
  item: NavItem,
  session: SessionResponse,
  subscription: Parameters<typeof decideAccess>[1]['subscription'],
): string | null {
  const requirement = pageAccess(paths[item.to]);
  if (!requirement) return null;
  const decision = decideAccess(requirement, { role: session.profile.role, subscription });
  if (decision.allowed) return null;
  const needed = decision.needed;
  const plan = neededPlanLabel(needed);
  if (plan) return plan;
  if (needed && needed in ROLE_LABELS) return ROLE_LABELS[needed as keyof typeof ROLE_LABELS];
  return 'Subscription';
}

/**
 * The signed-in navigation: avatar, name and role on top, then the app's pages. Collapsed it is
 * 80 px wide and shows icons with their names as accessible labels and tooltips.
 */
export function Sidebar({
  session,
  collapsed,
  onNavigate,
}: {
  session: SessionResponse;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const subscription = useSubscription(session.profile.role !== 'super_admin');
  const name = displayName(session);
  // The Super Admin item only for the platform operator (docs/product.md § Sidebar).
  const items = SIDEBAR_ITEMS.filter(
    (item) =>
      isBuilt(item.to) && (item.to !== 'superAdmin' || session.profile.role === 'super_admin'),
  );
  const roleLabel =
    session.profile.jobTitle?.trim() ||
    (session.profile.role === 'user' ? 'Compliance Officer' : ROLE_LABELS[session.profile.role]);
  return (
    <div className="flex h-full flex-col">
      <div
        className={cn(
          'flex items-center gap-3 border-b border-slate-200 p-4',
          collapsed && 'justify-center px-2',
        )}
      >
        <UserAvatar session={session} size={40} />
        {!collapsed && (
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
            <p className="truncate text-xs text-slate-600">{roleLabel}</p>
          </div>
        )}
      </div>
      <nav aria-label="App" className="flex-1 overflow-y-auto p-2">
        <ul className="space-y-1">
          {items.map((item) => {
            const locked = lockReason(item, session, subscription.data ?? null);
            const Icon = item.icon;
            const children = item.children?.filter((child) => isBuilt(child.to)) ?? [];
            return (
              <li key={item.to}>
                <NavLink
                  to={paths[item.to]}
                  end={item.to === 'subscription'}
                  onClick={onNavigate}
                  title={collapsed ? `${item.label}${locked ? ` (${locked})` : ''}` : undefined}
                  aria-label={
                    collapsed ? `${item.label}${locked ? `, needs ${locked}` : ''}` : undefined
                  }
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100',
                      isActive && 'bg-brand-50 text-brand-800',
                      collapsed && 'justify-center px-2',
                    )
                  }
                >
                  <Icon aria-hidden="true" className="size-5 shrink-0" />
                  {!collapsed && (
                    // The plan or role a locked item needs goes under its name, so neither is
                    // cut ("Change Man…").
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span>{item.label}</span>
                      {locked && (
                        <span className="flex items-center gap-1 text-xs font-normal text-slate-600">
                          <Lock aria-hidden="true" className="size-3.5" />
                          <span className="sr-only">, needs </span>
                          {locked}
                        </span>
                      )}
                    </span>
                  )}
                </NavLink>
                {!collapsed && children.length > 0 && (
                  <ul className="mt-1 ml-9 space-y-1">
                    {children.map((child) => (
                      <li key={child.to}>
                        <NavLink
                          to={paths[child.to]}
                          onClick={onNavigate}
                          className={({ isActive }) =>
                            cn(
                              'block rounded px-2 py-1 text-sm text-slate-700 hover:bg-slate-100',
                              isActive && 'font-medium text-brand-800',
                            )
                          }
                        >
                          {child.label}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
