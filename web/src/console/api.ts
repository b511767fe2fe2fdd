// The console API client: JSON to and from /admin/api/, errors as
// ConsoleError with the engine's stable code ({"error": code, "message"}).

export interface Grant {
  role: string
  tenant: string
}

export interface Staff {
  id: number
  email: string
  roles: Grant[]
  totp_enabled: boolean
  totp_enrolment_required: boolean
  /** disabled_at is when the account was disabled (staff list only). */
  disabled_at?: string | null
}

/** TenantPermission is one permission the staff member holds on a tenant domain ("*": every tenant), as the engine's casbin decides it. */
export interface TenantPermission {
  tenant: string
  object: string
  action: string
}

/** StaffAnswer is the logged-in staff member with their permissions (empty while only the second factor may be set up). */
export interface StaffAnswer {
  staff: Staff
  permissions: TenantPermission[]
}

export interface Tenant {
  slug: string
  name: string
  hosts: string[]
  primary_host: string
  theme: string
  locales: string[]
  default_locale: string
  company: string
}

/** TenantFile is a brand's tenant file as JSON (engine/admin/openapi.yaml TenantFile). */
export interface TenantFile {
  slug: string
  name: string
  position: number
  hosts: string[]
  theme: string
  niche: number
  locales: string[]
  default_locale: string
  countries: string[]
  time_zone: string
  profile_pool: string
  company: { slug: string; name: string } & Record<string, unknown>
  settings: Record<string, unknown>
  [section: string]: unknown
}

export interface TenantFileAnswer {
  file: TenantFile
  preview_url: string
}

/** ModerationPhoto is a photo in the moderation queue (engine/admin/openapi.yaml). */
export interface ModerationPhoto {
  id: number
  status: 'pending' | 'active' | 'rejected'
  url: string
  thumb_url: string
  width?: number
  height?: number
  reject_reason?: string
  profile_id?: number
  profile_name?: string
  created_at?: string
}

export type ComplaintStatus = 'open' | 'in_progress' | 'resolved'

export interface ModerationComplaint {
  id: number
  category: string
  profile_id: number | null
  member_id: number | null
  name: string
  email: string
  message: string
  status: ComplaintStatus
  created_at: string
  updated_at?: string
}

export interface ModerationMember {
  id: number
  email: string
  name: string
  status: string
  language?: string
  is_house?: boolean
  signup_date?: string
  last_seen_at?: string
  suspended_until: string | null
  banned_at: string | null
  moderation_reason?: string
}

export interface Enrolment {
  secret: string
  uri: string
}

/** ConsoleOrder is one of a tenant's orders (engine/admin/openapi.yaml ConsoleOrder). */
export interface ConsoleOrder {
  id: number
  member_id: number
  package_id: string
  credits: number
  amount: number
  currency: string
  country: string
  status: OrderState
  created_at: string
  completed_at: string | null
  /** list_amount and discount_code: the price before the discount code and the code, null (or absent) without one. */
  list_amount?: number | null
  discount_code?: string | null
  discount_percentage?: number | null
  /** chargeback: the payer's bank took the payment back; null (or absent) when it did not. */
  chargeback?: OrderChargeback | null
}

/** OrderChargeback is a chargeback of an order's payment (engine/admin/openapi.yaml ConsoleOrder.chargeback). */
export interface OrderChargeback {
  provider_chargeback_id: string
  reason: string
  amount: number
  currency: string
  credits_taken: number
  credits_open: number
  created_at: string
}

/** DiscountCode is one of a brand's discount codes (engine/admin/openapi.yaml DiscountCode); amounts in minor units. */
export interface DiscountCode {
  id: number
  code: string
  kind: 'code' | 'welcome' | 'time_bonus'
  value_percentage: number
  minimum_order_value: number | null
  currency: string | null
  country: string | null
  paymentmethods: string[]
  valid_from: string
  valid_until: string | null
  signup_window_seconds: number | null
  first_purchase_only: boolean
  member_id: number | null
  active: boolean
  created_by: string
  created_at: string
  deactivated_at: string | null
  used: number
  held: number
}

/** NewDiscountCode is a code to create; null or an empty list leaves a condition out. */
export interface NewDiscountCode {
  code: string
  value_percentage: number
  minimum_order_value: number | null
  currency: string | null
  country: string | null
  paymentmethods: string[]
  valid_from: string | null
  valid_until: string | null
  member_id: number | null
}

export const orderStates = ['pending', 'completed', 'failed', 'cancelled', 'expired', 'refunded'] as const
export type OrderState = (typeof orderStates)[number]

export interface Refund {
  order_id: number
  provider_refund_id: string
  credits_taken: number
  credits_spent: number
}

/** InboxEntry is a conversation waiting for the house profile's answer. */
export interface InboxEntry {
  conversation: { id: number }
  house: { id: number; name: string }
  profile: { id?: number; name?: string }
  num_unread_messages: number
  last_message: { text?: string | null }
  waiting_since: string
}

export interface InboxMessage {
  id: number
  from_me: boolean
  kind: string
  text?: string | null
  created_at: string
}

export interface InboxThread {
  conversation: { id: number }
  house: { id: number; name: string }
  profile: { id?: number; name?: string }
  messages: InboxMessage[]
  answered_by: Record<string, string>
}

/** LedgerRow is one row of a member's credit ledger (newest first). */
export interface LedgerRow {
  id: number
  delta: number
  balance_after: number
  kind: string
  reference: string
  note: string
  created_at: string
}

/** MemberMoney is a member's balance, ledger and orders (money:read). */
export interface MemberMoney {
  member_id: number
  balance: number
  ledger: LedgerRow[]
  orders: ConsoleOrder[]
}

export interface Corrected {
  member_id: number
  delta: number
  balance_before: number
  balance_after: number
}

/** ReviewedConversation is the conversation a complaint is about, from the complaining member's side. */
export interface ReviewedConversation {
  member_id: number
  conversation: { id: number }
  profile: { id?: number; name?: string }
  older_hidden?: boolean
  messages: InboxMessage[]
}

/** AuditEntry is one row of the audit log. */
export interface AuditEntry {
  id: number
  at: string
  staff_id: number | null
  email: string
  tenant: string
  action: string
  ip: string
  before: unknown
  after: unknown
}

export interface AuditFilter {
  email?: string
  tenant?: string
  action?: string
  /** from and to are days (YYYY-MM-DD); to includes the whole day. */
  from?: string
  to?: string
  before_id?: number
  limit?: number
}

/** HousePhoto is a house profile's photo. */
export interface HousePhoto {
  id: number
  status: string
  url: string
  thumb_url: string
}

/** HouseProfile is a house profile as the console shows it (engine/admin/openapi.yaml HouseProfile). */
export interface HouseProfile {
  id: number
  name: string
  age: number
  gender: string
  seeking: string
  sexuality: string
  date_of_birth: string
  country: string
  region: string
  region_name: string
  city: string
  interests: number[]
  hair_color: string
  eye_color: string
  body_type: string
  relationship_status: string
  tattoos: string
  about_me: string
  status: 'active' | 'hidden'
  main_image: HousePhoto | null
  photos: HousePhoto[]
}

/** HouseFields are the fields a house profile is made or edited with. */
export type HouseFields = Partial<
  Pick<
    HouseProfile,
    | 'name'
    | 'gender'
    | 'seeking'
    | 'sexuality'
    | 'date_of_birth'
    | 'country'
    | 'region'
    | 'city'
    | 'hair_color'
    | 'eye_color'
    | 'body_type'
    | 'relationship_status'
    | 'tattoos'
    | 'about_me'
  >
>

/** Fictional is the brand's marking of house profiles on the member site (settings fictional_*). */
export interface Fictional {
  warning: string
  singular: string
  plural: string
  icon: string
}

export interface HouseList {
  house_profiles: HouseProfile[]
  fictional: Fictional
  options: Record<string, string[]>
  countries: string[]
}

/** DashboardRange starts every dashboard answer: the brand, its time zone and the days (engine/admin/openapi.yaml DashboardRange). */
export interface DashboardRange {
  tenant: string
  time_zone: string
  from: string
  to: string
}

/** The per-day series of the dashboards: one value per day, in the order of days. */
export interface SignupSeries extends DashboardRange {
  days: string[]
  signups: number[]
  activations: number[]
}

export interface PurchaseSeries extends DashboardRange {
  days: string[]
  paid_orders: number[]
  first_purchases: number[]
  /** revenue per currency in minor units (cents). */
  revenue: { currency: string; revenue: number[]; refunded: number[] }[]
}

export interface MessageSeries extends DashboardRange {
  days: string[]
  by_members: number[]
  by_house: number[]
}

export interface ModerationSeries extends DashboardRange {
  days: string[]
  photos_pending: number[]
  photos_submitted: number[]
  complaints_open: number[]
  complaints_filed: number[]
  now: { photos_pending: number; complaints_open: number; complaints_in_progress: number }
}

export const sourceGroupings = ['network', 'ref', 'sub1', 'sub2', 'sub3', 'all'] as const
export type SourceGrouping = (typeof sourceGroupings)[number]

export interface SourceConversion {
  network: string
  ref: string
  sub1: string
  sub2: string
  sub3: string
  signups: number
  activations: number
  first_purchases: number
}

export interface Conversion extends DashboardRange {
  by: SourceGrouping
  sources: SourceConversion[]
  truncated: boolean
}

/** The dashboards' series and what each answers. */
export interface DashboardSeries {
  signups: SignupSeries
  purchases: PurchaseSeries
  messages: MessageSeries
  moderation: ModerationSeries
  conversion: Conversion
}

/** DaySpan is a dashboard's range: empty ends are the engine's defaults (the brand's last 30 days). */
export interface DaySpan {
  from: string
  to: string
}

/** dashboardPath is a dashboard's address under the API; format csv is its CSV download. */
export function dashboardPath(tenant: string, series: keyof DashboardSeries, span: DaySpan, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams()
  if (span.from) q.set('from', span.from)
  if (span.to) q.set('to', span.to)
  for (const [k, v] of Object.entries(extra)) q.set(k, v)
  const qs = q.toString()
  return `/tenants/${encodeURIComponent(tenant)}/dashboards/${series}${qs ? `?${qs}` : ''}`
}

/** Money is an amount in minor units (cents) of a currency. */
export interface Money {
  currency: string
  amount: number
}

/** TrafficRow is one traffic source's numbers in a report's days (engine/admin/openapi.yaml /reports/traffic). */
export interface TrafficRow {
  network: string
  ref: string
  sub1: string
  sub2: string
  sub3: string
  visits: number
  signups: number
  activations: number
  first_purchases: number
  /** revenue per currency, paid orders not refunded. */
  revenue: Money[]
  /** variants are the source's visits per lander A/B variant (the slug of /landers/{name}/{slug}), most visits first. */
  variants: { variant: string; visits: number }[]
}

/** TrafficReport is a brand's traffic per source over days of its time zone, the most signups first. */
export interface TrafficReport extends DashboardRange {
  rows: TrafficRow[]
}

/** PostbackEntry is one postback made for a member's event (engine/admin/openapi.yaml /reports/postbacks). */
export interface PostbackEntry {
  id: number
  member_id: number
  event: 'signup' | 'activation' | 'first_purchase'
  network: string
  order_id: number | null
  url: string
  status: 'pending' | 'sent' | 'failed'
  created_at: string
  sent_at: string | null
  attempts: number
  last_call: { status_code: number; error: string; called_at: string } | null
}

/** PostbackLog is a brand's postbacks made in a report's days, newest first (at most 100: truncated says more were left out). */
export interface PostbackLog extends DashboardRange {
  postbacks: PostbackEntry[]
  truncated: boolean
}

/** reportPath is a report's address under the API: the brand and its days as the query. */
export function reportPath(report: 'traffic' | 'postbacks', tenant: string, span: DaySpan): string {
  const q = new URLSearchParams({ tenant })
  if (span.from) q.set('from', span.from)
  if (span.to) q.set('to', span.to)
  return `/reports/${report}?${q.toString()}`
}

/** ConsoleError is a refused or failed call: the HTTP status, the engine's code and its extra fields. */
export class ConsoleError extends Error {
  readonly status: number
  readonly code: string
  readonly fields: Record<string, unknown>

  constructor(status: number, code: string, message: string, fields: Record<string, unknown> = {}) {
    super(message)
    this.name = 'ConsoleError'
    this.status = status
    this.code = code
    this.fields = fields
  }
}

export const API = '/admin/api'

/** call sends one request; a 2xx answers its JSON (null for 204), anything else throws ConsoleError. */
export async function call<T>(method: string, path: string, body?: unknown, fetcher: typeof fetch = fetch): Promise<T> {
  let res: Response
  try {
    res = await fetcher(API + path, {
      method,
      credentials: 'same-origin',
      // FormData (photo uploads) sets its own multipart Content-Type.
      headers:
        body === undefined || body instanceof FormData
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    })
  } catch {
    throw new ConsoleError(0, 'network', 'network')
  }
  if (res.status === 204) return null as T
  const data = parseJSON(await res.text())
  if (!res.ok) {
    const fields = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>
    const code = typeof fields.error === 'string' ? fields.error : 'internal'
    const message = typeof fields.message === 'string' ? fields.message : res.statusText
    throw new ConsoleError(res.status, code, message, fields)
  }
  return data as T
}

function parseJSON(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null
  } catch {
    return null
  }
}

const house = (tenant: string) => `/tenants/${encodeURIComponent(tenant)}/house`
const mod = (tenant: string) => `/tenants/${encodeURIComponent(tenant)}/moderation`

export const consoleApi = {
  me: () => call<StaffAnswer>('GET', '/me'),
  login: (email: string, password: string, totp?: string) =>
    call<StaffAnswer>('POST', '/login', totp ? { email, password, totp } : { email, password }),
  logout: () => call<null>('POST', '/logout'),
  startTOTP: () => call<Enrolment>('POST', '/totp'),
  confirmTOTP: (code: string) => call<StaffAnswer>('POST', '/totp/confirm', { code }),
  tenants: () => call<Tenant[]>('GET', '/tenants'),
  tenantFile: (slug: string) => call<TenantFileAnswer>('GET', `/tenants/${encodeURIComponent(slug)}/file`),
  createTenant: (file: TenantFile) => call<TenantFileAnswer>('POST', '/tenants', file),
  updateTenant: (slug: string, file: TenantFile) => call<TenantFileAnswer>('PUT', `/tenants/${encodeURIComponent(slug)}/file`, file),
  // Money (money.go) and the chat operators' inbox (house.go).
  orders: (tenant: string, state?: OrderState) =>
    call<{ orders: ConsoleOrder[] }>('GET', `/tenants/${encodeURIComponent(tenant)}/orders${state ? `?state=${state}` : ''}`),
  refund: (tenant: string, order: number, reason: string) =>
    call<Refund>('POST', `/tenants/${encodeURIComponent(tenant)}/orders/${order}/refund`, { reason }),
  // Discount codes (codes.go).
  codes: (tenant: string) =>
    call<{ codes: DiscountCode[]; paymentmethods: string[] }>('GET', `/tenants/${encodeURIComponent(tenant)}/codes`),
  createCode: (tenant: string, code: NewDiscountCode) =>
    call<DiscountCode>('POST', `/tenants/${encodeURIComponent(tenant)}/codes`, code),
  deactivateCode: (tenant: string, id: number) =>
    call<DiscountCode>('POST', `/tenants/${encodeURIComponent(tenant)}/codes/${id}/deactivate`),
  inbox: (tenant: string) => call<{ conversations: InboxEntry[] }>('GET', `/tenants/${encodeURIComponent(tenant)}/inbox`),
  inboxThread: (tenant: string, conversation: number) =>
    call<InboxThread>('GET', `/tenants/${encodeURIComponent(tenant)}/inbox/${conversation}`),
  answer: (tenant: string, conversation: number, text: string, clientId: string) =>
    call<{ message: InboxMessage }>('POST', `/tenants/${encodeURIComponent(tenant)}/inbox/${conversation}`, { text, client_id: clientId }),
  // Moderation (pages/moderation).
  photoQueue: (tenant: string) =>
    call<{ photos: ModerationPhoto[]; photo_moderation: boolean }>('GET', `${mod(tenant)}/photos?status=pending`),
  approvePhoto: (tenant: string, photo: number) => call<{ photo: ModerationPhoto }>('POST', `${mod(tenant)}/photos/${photo}/approve`),
  rejectPhoto: (tenant: string, photo: number, reason: string) =>
    call<{ photo: ModerationPhoto }>('POST', `${mod(tenant)}/photos/${photo}/reject`, { reason }),
  complaints: (tenant: string, status: ComplaintStatus) =>
    call<{ complaints: ModerationComplaint[] }>('GET', `${mod(tenant)}/complaints?status=${status}`),
  complaint: (tenant: string, id: number) =>
    call<{ complaint: ModerationComplaint; member: ModerationMember | null; photos: ModerationPhoto[] }>('GET', `${mod(tenant)}/complaints/${id}`),
  setComplaintStatus: (tenant: string, id: number, status: ComplaintStatus) =>
    call<{ complaint: ModerationComplaint }>('POST', `${mod(tenant)}/complaints/${id}/status`, { status }),
  findMembers: (tenant: string, q: string) =>
    call<{ members: ModerationMember[] }>('GET', `${mod(tenant)}/members?q=${encodeURIComponent(q)}`),
  warnMember: (tenant: string, member: number, text: string) =>
    call<{ member: ModerationMember; warning: string }>('POST', `${mod(tenant)}/members/${member}/warn`, { text }),
  suspendMember: (tenant: string, member: number, until: string, reason: string) =>
    call<{ member: ModerationMember }>('POST', `${mod(tenant)}/members/${member}/suspend`, { until, reason }),
  banMember: (tenant: string, member: number, reason: string) =>
    call<{ member: ModerationMember }>('POST', `${mod(tenant)}/members/${member}/ban`, { reason }),
  // Members, the audit log and staff (pages/members, pages/audit, pages/staff).
  member: (tenant: string, member: number) =>
    call<{ member: ModerationMember; photos: ModerationPhoto[] }>('GET', `${mod(tenant)}/members/${member}`),
  memberMoney: (tenant: string, member: number) =>
    call<MemberMoney>('GET', `/tenants/${encodeURIComponent(tenant)}/members/${member}/money`),
  correctCredits: (tenant: string, member: number, delta: number, reason: string) =>
    call<Corrected>('POST', `/tenants/${encodeURIComponent(tenant)}/members/${member}/credits`, { delta, reason }),
  complaintConversation: (tenant: string, complaint: number) =>
    call<{ complaint: ModerationComplaint; conversation: ReviewedConversation }>('GET', `${mod(tenant)}/complaints/${complaint}/conversation`),
  audit: (f: AuditFilter) => {
    const q = new URLSearchParams()
    for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '') q.set(k, String(v))
    const qs = q.toString()
    return call<{ entries: AuditEntry[] }>('GET', `/audit${qs ? `?${qs}` : ''}`)
  },
  staff: () => call<{ staff: Staff[] }>('GET', '/staff'),
  createStaff: (email: string, roles: Grant[]) => call<{ staff: Staff; password?: string }>('POST', '/staff', { email, roles }),
  setStaffRoles: (id: number, roles: Grant[]) => call<{ staff: Staff }>('PUT', `/staff/${id}/roles`, { roles }),
  disableStaff: (id: number) => call<{ staff: Staff }>('POST', `/staff/${id}/disable`),
  enableStaff: (id: number) => call<{ staff: Staff }>('POST', `/staff/${id}/enable`),
  // House profiles (pages/house, house.go).
  houseProfiles: (tenant: string) => call<HouseList>('GET', house(tenant)),
  houseProfile: (tenant: string, id: number) => call<{ house_profile: HouseProfile }>('GET', `${house(tenant)}/${id}`),
  createHouse: (tenant: string, fields: HouseFields) => call<{ house_profile: HouseProfile }>('POST', house(tenant), fields),
  updateHouse: (tenant: string, id: number, fields: HouseFields) =>
    call<{ house_profile: HouseProfile }>('PUT', `${house(tenant)}/${id}`, fields),
  setHouseStatus: (tenant: string, id: number, status: 'active' | 'hidden') =>
    call<{ house_profile: HouseProfile }>('POST', `${house(tenant)}/${id}/status`, { status }),
  addHousePhoto: (tenant: string, id: number, file: Blob) => {
    const form = new FormData()
    form.append('photo', file)
    return call<{ photo: HousePhoto }>('POST', `${house(tenant)}/${id}/photos`, form)
  },
  deleteHousePhoto: (tenant: string, id: number, photo: number) => call<null>('DELETE', `${house(tenant)}/${id}/photos/${photo}`),
  // Dashboards (pages/dashboards): one series of a brand over a span of days.
  dashboard: <S extends keyof DashboardSeries>(tenant: string, series: S, span: DaySpan, extra?: Record<string, string>) =>
    call<DashboardSeries[S]>('GET', dashboardPath(tenant, series, span, extra)),
  // Traffic (pages/traffic): a brand's traffic per source and the postbacks of the same days.
  trafficReport: (tenant: string, span: DaySpan) => call<TrafficReport>('GET', reportPath('traffic', tenant, span)),
  postbacks: (tenant: string, span: DaySpan) => call<PostbackLog>('GET', reportPath('postbacks', tenant, span)),
}

export type ConsoleApi = typeof consoleApi
