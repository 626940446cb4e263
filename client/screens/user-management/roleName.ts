import { type Role, roleLabel } from '../../../shared/roles';

/** A role as User Management shows it, in the table and the edit form alike: "Manager", "User". */
export function roleName(role: Role | null | undefined): string {
  const label = roleLabel(role);
  return label.charAt(0).toUpperCase() + label.slice(1);
}
