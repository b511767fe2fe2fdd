// What the logged-in staff member may do, as the engine answers it on
// /admin/api/me (casbin's decision per tenant domain). The console shows
// only the pages, brands and buttons these allow; the engine still checks
// every call (console_forbidden), so this only spares staff dead ends.
import { createContext, useCallback, useContext } from 'react'
import type { TenantPermission } from './api'

/** Need is the permission a page or an action needs, as the engine's route table names it (engine/admin/console.go). */
export interface Need {
  object: string
  /** edit: house profiles' own (make and change them; write is answering as one). */
  action: 'read' | 'write' | 'edit'
  /** global: needed on every tenant ("*"), for calls about no single tenant (staff, the audit log, a new brand). */
  global?: boolean
}

/** anyTenant is a permission needed on at least one brand (the page then offers only those brands). */
export const anyTenant = (object: string, action: Need['action']): Need => ({ object, action })

/** global is a permission needed on every tenant ("*"). */
export const global = (object: string, action: Need['action']): Need => ({ object, action, global: true })

/**
 * allows reports whether perms give need: on tenant when one is named, else
 * on any tenant (or on "*" for a global need). A role given on "*" holds on
 * every tenant, as in the engine's casbin model. null perms (outside a
 * signed-in console, such as a page's own test) hide nothing.
 */
export function allows(perms: readonly TenantPermission[] | null, need: Need, tenant?: string): boolean {
  if (perms === null) return true
  return perms.some(
    (p) =>
      p.object === need.object &&
      p.action === need.action &&
      (need.global ? p.tenant === '*' : tenant === undefined || p.tenant === '*' || p.tenant === tenant),
  )
}

/** PermissionsContext carries the signed-in staff member's permissions to every page. */
export const PermissionsContext = createContext<readonly TenantPermission[] | null>(null)

/** useCan answers a function telling whether the staff member holds a need (on a brand, if named). */
export function useCan(): (need: Need, tenant?: string) => boolean {
  const perms = useContext(PermissionsContext)
  return useCallback((need: Need, tenant?: string) => allows(perms, need, tenant), [perms])
}
