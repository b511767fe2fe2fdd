// The console's page table: each page's path (under /admin), its label,
// the permission it needs and its component (the navigation by task, in
// nav.ts, lists the pages people go to). New pages of
// the console are added here, one line each, like the engine's route table;
// need names the permission of the engine calls the page is for (the
// navigation lists only pages the staff member may use, and a page reached
// by its address without it says so).
import type { ComponentType } from 'react'
import type { ConsoleApi } from './api'
import { anyTenant, global, type Need } from './permissions'
import { Moderation } from './pages/moderation/Moderation'
import { Tenants } from './pages/Tenants'
import { TenantEdit } from './pages/tenants/TenantEdit'
import { Orders } from './pages/money/Orders'
import { Codes } from './pages/money/Codes'
import { Inbox } from './pages/inbox/Inbox'
import { Dashboards } from './pages/dashboards/Dashboards'
import { MemberPage } from './pages/members/MemberPage'
import { MembersSearch } from './pages/members/MembersSearch'
import { Audit } from './pages/audit/Audit'
import { Staff } from './pages/staff/Staff'
import { HouseProfiles } from './pages/house/HouseProfiles'
import { Traffic } from './pages/traffic/Traffic'
import { Flagged } from './pages/flagged/Flagged'
import { Affiliate } from './pages/affiliate/Affiliate'
import { Today } from './pages/today/Today'
import { Campaigns } from './pages/campaigns/Campaigns'

export interface ConsolePage {
  path: string
  label: string
  Page: ComponentType<{ api: ConsoleApi }>
  /** need is the permission the page needs (anyTenant: on one brand at least; global: on "*"). */
  need: Need
  /** hidden pages are reached by links, not the navigation. */
  hidden?: boolean
}

export const consolePages: ConsolePage[] = [
  // Today: what waits for a decision on each brand (pages/today).
  { path: '/', label: 'console.nav.today', need: anyTenant('tenants', 'read'), Page: Today },
  { path: '/tenants', label: 'console.nav.tenants', need: anyTenant('tenants', 'read'), Page: Tenants },
  // Brands: create and edit (pages/tenants).
  { path: '/tenants/new', label: 'console.brand.new', need: global('tenants', 'write'), Page: TenantEdit, hidden: true },
  { path: '/tenants/:slug', label: 'console.brand.edit', need: anyTenant('tenants', 'write'), Page: TenantEdit, hidden: true },
  // Money: a brand's orders and refunds (pages/money).
  { path: '/orders', label: 'console.nav.orders', need: anyTenant('money', 'read'), Page: Orders },
  // Money: a brand's discount codes (pages/money/Codes).
  { path: '/codes', label: 'console.nav.codes', need: anyTenant('money', 'read'), Page: Codes },
  // The chat operators' inbox (pages/inbox).
  { path: '/inbox', label: 'console.nav.inbox', need: anyTenant('house_profiles', 'read'), Page: Inbox },
  // House profiles: make, edit, retire, photos (pages/house).
  { path: '/house', label: 'console.nav.house', need: anyTenant('house_profiles', 'edit'), Page: HouseProfiles },
  // Moderation: photo queue, complaints, member lookup (pages/moderation).
  { path: '/moderation', label: 'console.nav.moderation', need: anyTenant('moderation', 'read'), Page: Moderation },
  // Trust and safety: the flagged queue with its evidence and decisions (pages/flagged).
  { path: '/flagged', label: 'trust.nav', need: anyTenant('moderation', 'read'), Page: Flagged },
  // Members, the audit log and staff (pages/members, pages/audit, pages/staff).
  { path: '/members', label: 'members.nav', need: anyTenant('members', 'read'), Page: MembersSearch },
  { path: '/members/:tenant/:id', label: 'console.members.heading', need: anyTenant('members', 'read'), Page: MemberPage, hidden: true },
  // Campaigns: a promotion or news mail to a brand's members (pages/campaigns).
  { path: '/campaigns', label: 'campaigns.nav', need: anyTenant('campaigns', 'read'), Page: Campaigns },
  { path: '/audit', label: 'console.nav.audit', need: global('audit', 'read'), Page: Audit },
  { path: '/staff', label: 'console.nav.staff', need: global('staff', 'read'), Page: Staff },
  // Dashboards: a brand's plots per day and conversion by traffic source (pages/dashboards).
  { path: '/dashboards', label: 'console.nav.dashboards', need: anyTenant('dashboards', 'read'), Page: Dashboards },
  // Traffic: a brand's traffic per affiliate source and its postbacks (pages/traffic).
  { path: '/traffic', label: 'console.nav.traffic', need: anyTenant('affiliates', 'read'), Page: Traffic },
  // An affiliate's own traffic, postbacks and link builder (pages/affiliate).
  { path: '/affiliate', label: 'affiliate.nav', need: anyTenant('own_traffic', 'read'), Page: Affiliate },
]
