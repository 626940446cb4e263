import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { type AccessRule, can } from '../../shared/roles';
import { useSessionUser } from './useSessionUser';

/** A screen the role may not open sends the user to the Dashboard (docs/rules.md, Roles and sessions). */
export function RequireAccess({ rule, children }: { rule: AccessRule; children: ReactNode }) {
  const user = useSessionUser();
  if (!can(user?.role, rule)) return <Navigate to="/dashboard" replace />;
  return children;
}
