// The console's navigation by task: what an operator comes to do, in the
// order of a working day. Each task opens its first page the staff member
// may use and lists its other pages under it; a task with no such page is
// not shown (the engine refuses its calls anyway).
import { anyTenant, global, type Need } from './permissions'

/** NavPage is one page of a task: its address under /admin, its label and the permission it needs. */
export interface NavPage {
  to: string
  label: string
  need: Need
}

/** NavTask is one entry of the navigation: a task and its pages, the first allowed one opened by the entry. */
export interface NavTask {
  label: string
  pages: NavPage[]
}

export const navTasks: NavTask[] = [
  { label: 'console.nav.today', pages: [{ to: '/', label: 'console.nav.today', need: anyTenant('tenants', 'read') }] },
  {
    label: 'console.nav.members',
    pages: [
      { to: '/members', label: 'console.nav.members', need: anyTenant('members', 'read') },
      { to: '/campaigns', label: 'campaigns.nav', need: anyTenant('campaigns', 'read') },
    ],
  },
  {
    label: 'console.nav.moderation',
    pages: [
      { to: '/moderation', label: 'console.nav.moderation', need: anyTenant('moderation', 'read') },
      { to: '/flagged', label: 'trust.nav', need: anyTenant('moderation', 'read') },
    ],
  },
  {
    label: 'console.nav.inbox',
    pages: [
      { to: '/inbox', label: 'console.nav.inbox', need: anyTenant('house_profiles', 'read') },
      { to: '/house', label: 'console.nav.house', need: anyTenant('house_profiles', 'edit') },
    ],
  },
  {
    label: 'console.nav.money',
    pages: [
      { to: '/orders', label: 'console.nav.orders', need: anyTenant('money', 'read') },
      { to: '/codes', label: 'console.nav.codes', need: anyTenant('money', 'read') },
    ],
  },
  { label: 'console.nav.brands', pages: [{ to: '/tenants', label: 'console.nav.tenants', need: anyTenant('tenants', 'read') }] },
  {
    label: 'console.nav.reports',
    pages: [
      { to: '/dashboards', label: 'console.nav.dashboards', need: anyTenant('dashboards', 'read') },
      { to: '/traffic', label: 'console.nav.traffic', need: anyTenant('affiliates', 'read') },
    ],
  },
  { label: 'console.nav.staff', pages: [{ to: '/staff', label: 'console.nav.staff', need: global('staff', 'read') }] },
  { label: 'console.nav.audit', pages: [{ to: '/audit', label: 'console.nav.audit', need: global('audit', 'read') }] },
  // An affiliate's own traffic, postbacks and links.
  { label: 'affiliate.nav', pages: [{ to: '/affiliate', label: 'affiliate.nav', need: anyTenant('own_traffic', 'read') }] },
]
