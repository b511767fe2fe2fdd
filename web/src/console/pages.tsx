// The console's page table: each page's path (under /admin), its label in
// the navigation and its component. New pages of the console are added
// here, one line each, like the engine's route table.
import type { ComponentType } from 'react'
import type { ConsoleApi } from './api'
import { Moderation } from './pages/moderation/Moderation'
import { Tenants } from './pages/Tenants'
import { TenantEdit } from './pages/tenants/TenantEdit'
import { Orders } from './pages/money/Orders'
import { Inbox } from './pages/inbox/Inbox'

export interface ConsolePage {
  path: string
  label: string
  Page: ComponentType<{ api: ConsoleApi }>
  /** hidden pages are reached by links, not the navigation. */
  hidden?: boolean
}

export const consolePages: ConsolePage[] = [
  { path: '/', label: 'console.nav.tenants', Page: Tenants },
  // Brands: create and edit (pages/tenants).
  { path: '/tenants/new', label: 'console.brand.new', Page: TenantEdit, hidden: true },
  { path: '/tenants/:slug', label: 'console.brand.edit', Page: TenantEdit, hidden: true },
  // Money: a brand's orders and refunds (pages/money).
  { path: '/orders', label: 'console.nav.orders', Page: Orders },
  // The chat operators' inbox (pages/inbox).
  { path: '/inbox', label: 'console.nav.inbox', Page: Inbox },
  // Moderation: photo queue, complaints, member lookup (pages/moderation).
  { path: '/moderation', label: 'console.nav.moderation', Page: Moderation },
]
