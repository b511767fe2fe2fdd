// The console's page table: each page's path (under /admin), its label in
// the navigation and its component. New pages of the console are added
// here, one line each, like the engine's route table.
import type { ComponentType } from 'react'
import type { ConsoleApi } from './api'
import { Tenants } from './pages/Tenants'

export interface ConsolePage {
  path: string
  label: string
  Page: ComponentType<{ api: ConsoleApi }>
}

export const consolePages: ConsolePage[] = [{ path: '/', label: 'console.nav.tenants', Page: Tenants }]
