/**
 * Roles are held inside a company; super_admin is the platform operator (docs/product.md § Roles).
 * A guard asking for a role lets every higher rank through.
 */
export const ROLES = ['user', 'manager', 'admin', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];

/** The roles a company gives its members; super_admin is granted only by the platform. */
export const COMPANY_ROLES = ['user', 'manager', 'admin'] as const satisfies readonly Role[];
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const ROLE_RANK: Record<Role, number> = {
  user: 1,
  manager: 2,
  admin: 3,
  super_admin: 4,
};

export const ROLE_LABELS: Record<Role, string> = {
  user: 'User',
  manager: 'Manager',
  admin: 'Administrator',
  super_admin: 'Super Admin',
};

export function hasRoleAtLeast(current: Role, needed: Role): boolean {
  return ROLE_RANK[current] >= ROLE_RANK[needed];
}
