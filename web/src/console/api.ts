// The console API client: JSON to and from /admin/api/, errors as
// ConsoleError with the engine's stable code. The types are generated from
// the console API's OpenAPI description into schema.d.ts (`npm run
// api-types`; `npm run api-types:check` fails when that file is stale):
// change engine/admin/openapi.yaml, not these names.
import type { components, paths } from './schema'

type Schemas = components['schemas']
type Path = keyof paths
type Method = 'get' | 'post' | 'put' | 'delete'
type JSONOf<R> = R extends { content: { 'application/json': infer B } } ? B : never
/** Answer is the JSON a call answers with when it succeeds (200 or 201). */
export type Answer<P extends Path, M extends Method> = paths[P][M] extends { responses: infer R }
  ? R extends { 200: infer OK }
    ? JSONOf<OK>
    : R extends { 201: infer Made }
      ? JSONOf<Made>
      : never
  : never
/** Body is the JSON a call sends. */
export type Body<P extends Path, M extends Method> = paths[P][M] extends { requestBody?: infer B } ? JSONOf<NonNullable<B>> : never
/** Query is the query a call takes. */
type Query<P extends Path, M extends Method> = paths[P][M] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never

export type Grant = Schemas['Grant']
export type Staff = Schemas['Staff']
/** TenantPermission is one permission the staff member holds on a tenant domain ("*": every tenant), as the engine's casbin decides it. */
export type TenantPermission = Schemas['TenantPermission']
/** StaffAnswer is the logged-in staff member with their permissions (empty while only the second factor may be set up). */
export type StaffAnswer = Schemas['StaffAnswer']
export type Tenant = Schemas['Tenant']
/** BrandToday is what waits for a decision on one brand; a count the engine leaves out is not shown. */
export type BrandToday = Schemas['BrandToday']
/** TenantFile is a brand's tenant file as JSON. */
export type TenantFile = Schemas['TenantFile']
export type TenantFileAnswer = Schemas['TenantFileAnswer']
/** TenantChoice is one value the brand editor offers, with its English name. */
export type TenantChoice = Schemas['TenantChoice']
/** TenantBound is what a number field of a brand file may be: min, max, step and the default when left out. */
export type TenantBound = Schemas['TenantBound']
/** TenantProblem is one refused field of a tenant file: its path, a stable code and why. */
export type TenantProblem = Schemas['TenantProblem']
/** LookChoices are the themes and layout variants a brand's look may choose. */
export type LookChoices = Schemas['LookChoices']
export type Enrolment = Answer<'/admin/api/totp', 'post'>

/** ModerationPhoto is a photo in the moderation queue. */
export type ModerationPhoto = Schemas['ModerationPhoto']
export type ModerationComplaint = Schemas['ModerationComplaint']
export type ModerationChatPhoto = Schemas['ModerationChatPhoto']
export type ChatPhotoDecision = Schemas['ModerationChatPhotoDecision']
export type ComplaintStatus = ModerationComplaint['status']
export type ModerationMember = Schemas['ModerationMember']
/** FoundMember is a member the search found, with their brand's slug and name. */
export type FoundMember = Schemas['FoundMember']
/** MemberView is one member with everything the member page shows. */
export type MemberView = Schemas['MemberView']
/** CampaignState is how far a brand's campaign got (its audience before sending). */
export type CampaignState = Schemas['CampaignState']
export type CampaignType = CampaignState['type']
export type CampaignSent = Schemas['CampaignSent']
export type NewCampaign = Body<'/admin/api/tenants/{tenant}/campaigns', 'post'>
export type MemberNote = Schemas['MemberNote']
export type MemberAuditRow = Schemas['MemberAuditRow']
/** MemberInvoice is one of a member's invoices on a brand (amounts in minor units). */
export type MemberInvoice = Answer<'/admin/api/tenants/{tenant}/members/{member}/invoices', 'get'>['invoices'][number]
export type DirectDebitBlock = Answer<'/admin/api/tenants/{tenant}/members/{member}/direct-debit', 'post'>

/** ConsoleOrder is one of a tenant's orders. */
export type ConsoleOrder = Schemas['ConsoleOrder']
export type OrderState = ConsoleOrder['status']
export const orderStates = ['pending', 'completed', 'failed', 'cancelled', 'expired', 'refunded'] as const satisfies readonly OrderState[]
export type Refund = Answer<'/admin/api/tenants/{tenant}/orders/{order}/refund', 'post'>
/** DiscountCode is one of a brand's discount codes; amounts in minor units. */
export type DiscountCode = Schemas['DiscountCode']
/** NewDiscountCode is a code to create; null or an empty list leaves a condition out. */
export type NewDiscountCode = Body<'/admin/api/tenants/{tenant}/codes', 'post'>

/** InboxEntry is a conversation waiting for the house profile's answer. */
export type InboxEntry = Answer<'/admin/api/tenants/{tenant}/inbox', 'get'>['conversations'][number]
export type InboxThread = Answer<'/admin/api/tenants/{tenant}/inbox/{conversation}', 'get'>
export type InboxMessage = InboxThread['messages'][number]

/** MemberMoney is a member's balance, ledger and orders (money:read). */
export type MemberMoney = Answer<'/admin/api/tenants/{tenant}/members/{member}/money', 'get'>
/** LedgerRow is one row of a member's credit ledger (newest first). */
export type LedgerRow = MemberMoney['ledger'][number]
export type Corrected = Answer<'/admin/api/tenants/{tenant}/members/{member}/credits', 'post'>
/** ReviewedConversation is the conversation a complaint is about, from the complaining member's side. */
export type ReviewedConversation = Answer<'/admin/api/tenants/{tenant}/moderation/complaints/{complaint}/conversation', 'get'>['conversation']

/** TrustFlag is a member in the flagged queue (trust and safety). */
export type TrustFlag = Schemas['TrustFlag']
export type TrustSettings = Schemas['TrustSettings']
export type TrustPhoto = Schemas['TrustPhoto']
/** FlagEvidence is a flag's signals, its photo pairs and only the flagged messages (every view audited). */
export type FlagEvidence = Answer<'/admin/api/tenants/{tenant}/flags/{flag}', 'get'>
export type FlagDecision = Body<'/admin/api/tenants/{tenant}/flags/{flag}/decision', 'post'>['decision']

/** AuditEntry is one row of the audit log. */
export type AuditEntry = Answer<'/admin/api/audit', 'get'>['entries'][number]
export type AuditFilter = Query<'/admin/api/audit', 'get'>

/** HouseProfile is a house profile as the console shows it. */
export type HouseProfile = Schemas['HouseProfile']
/** HousePhoto is a house profile's photo. */
export type HousePhoto = HouseProfile['photos'][number]
/** HouseFields are the fields a house profile is made or edited with. */
export type HouseFields = Schemas['HouseProfileFields']
export type HouseList = Answer<'/admin/api/tenants/{tenant}/house', 'get'>
/** Fictional is the brand's marking of house profiles on the member site (settings fictional_*). */
export type Fictional = HouseList['fictional']

/** DashboardRange starts every dashboard answer: the brand, its time zone and the days. */
export type DashboardRange = Schemas['DashboardRange']
/** The per-day series of the dashboards: one value per day, in the order of days. */
export type SignupSeries = Answer<'/admin/api/tenants/{tenant}/dashboards/signups', 'get'>
/** PurchaseSeries: revenue per currency in minor units (cents). */
export type PurchaseSeries = Answer<'/admin/api/tenants/{tenant}/dashboards/purchases', 'get'>
export type MessageSeries = Answer<'/admin/api/tenants/{tenant}/dashboards/messages', 'get'>
export type ModerationSeries = Answer<'/admin/api/tenants/{tenant}/dashboards/moderation', 'get'>
export type Conversion = Answer<'/admin/api/tenants/{tenant}/dashboards/conversion', 'get'>
export type SourceGrouping = Conversion['by']
export const sourceGroupings = ['network', 'ref', 'sub1', 'sub2', 'sub3', 'all'] as const satisfies readonly SourceGrouping[]
export type SourceConversion = Conversion['sources'][number]

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

/** TrafficReport is a brand's traffic per source over days of its time zone, the most signups first. */
export type TrafficReport = Answer<'/admin/api/reports/traffic', 'get'>
/** TrafficRow is one traffic source's numbers in a report's days. */
export type TrafficRow = TrafficReport['rows'][number]
/** Money is an amount in minor units (cents) of a currency. */
export type Money = TrafficRow['revenue'][number]
/** PostbackLog is a brand's postbacks made in a report's days, newest first (at most 100: truncated says more were left out). */
export type PostbackLog = Answer<'/admin/api/reports/postbacks', 'get'>
/** PostbackEntry is one postback made for a member's event. */
export type PostbackEntry = PostbackLog['postbacks'][number]

/** reportPath is a report's address under the API: the brand and its days as the query. */
export function reportPath(report: 'traffic' | 'postbacks', tenant: string, span: DaySpan): string {
  const q = new URLSearchParams({ tenant })
  if (span.from) q.set('from', span.from)
  if (span.to) q.set('to', span.to)
  return `/reports/${report}?${q.toString()}`
}

/** AffiliateHome is an affiliate's scope, the brands it promotes and what its tracking links may name. */
export type AffiliateHome = Answer<'/admin/api/affiliate', 'get'>
/** AffiliateScope is whose traffic an affiliate account sees (network, refs) and its revenue share in hundredths of a percent. */
export type AffiliateScope = Schemas['AffiliateScope']
/** AffiliateReport is an affiliate's own traffic on a brand per lander and sub-id. */
export type AffiliateReport = Answer<'/admin/api/affiliate/report', 'get'>
export type AffiliateRow = AffiliateReport['rows'][number]
/** AffiliatePostbacks are the postbacks to an affiliate's network about members of its links. */
export type AffiliatePostbacks = Answer<'/admin/api/affiliate/postbacks', 'get'>

/** affiliatePath is an affiliate's report or postbacks address: the brand and its days as the query. */
export function affiliatePath(what: 'report' | 'postbacks', tenant: string, span: DaySpan): string {
  return reportPath('traffic', tenant, span).replace('/reports/traffic', `/affiliate/${what}`)
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
const memberPath = (tenant: string, member: number) => `/tenants/${encodeURIComponent(tenant)}/members/${member}`

export const consoleApi = {
  me: () => call<StaffAnswer>('GET', '/me'),
  login: (email: string, password: string, totp?: string) =>
    call<StaffAnswer>('POST', '/login', totp ? { email, password, totp } : { email, password }),
  logout: () => call<null>('POST', '/logout'),
  startTOTP: () => call<Enrolment>('POST', '/totp'),
  confirmTOTP: (code: string) => call<StaffAnswer>('POST', '/totp/confirm', { code }),
  setLanguage: (language: Staff['language']) => call<StaffAnswer>('PUT', '/me/language', { language }),
  // Today (pages/today): what waits for a decision on each brand.
  today: () => call<{ brands: BrandToday[] }>('GET', '/today'),
  tenants: () => call<Tenant[]>('GET', '/tenants'),
  tenantFile: (slug: string) => call<TenantFileAnswer>('GET', `/tenants/${encodeURIComponent(slug)}/file`),
  createTenant: (file: TenantFile) => call<TenantFileAnswer>('POST', '/tenants', file),
  updateTenant: (slug: string, file: TenantFile) => call<TenantFileAnswer>('PUT', `/tenants/${encodeURIComponent(slug)}/file`, file),
  // A brand's look (brandfile/console_look.go): the forms' choices, its own logo and icon.
  lookChoices: () => call<LookChoices>('GET', '/look/choices'),
  uploadLookImage: (slug: string, image: 'logo' | 'icon', file: Blob) => {
    const form = new FormData()
    form.append('image', file)
    return call<TenantFileAnswer>('POST', `/tenants/${encodeURIComponent(slug)}/look/${image}`, form)
  },
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
  photoQueue: (tenant: string, afterId = 0) =>
    call<{ photos: ModerationPhoto[]; photo_moderation: boolean }>('GET', `${mod(tenant)}/photos?status=pending${afterId ? `&after_id=${afterId}` : ''}`),
  approvePhoto: (tenant: string, photo: number) => call<{ photo: ModerationPhoto }>('POST', `${mod(tenant)}/photos/${photo}/approve`),
  rejectPhoto: (tenant: string, photo: number, reason: string) =>
    call<{ photo: ModerationPhoto }>('POST', `${mod(tenant)}/photos/${photo}/reject`, { reason }),
  chatPhotoQueue: (tenant: string, afterId = 0) =>
    call<{ photos: ModerationChatPhoto[]; photo_moderation: boolean }>('GET', `${mod(tenant)}/chat-photos?status=pending${afterId ? `&after_id=${afterId}` : ''}`),
  approveChatPhoto: (tenant: string, message: number) => call<{ photo: ChatPhotoDecision }>('POST', `${mod(tenant)}/chat-photos/${message}/approve`),
  rejectChatPhoto: (tenant: string, message: number, reason: string) =>
    call<{ photo: ChatPhotoDecision }>('POST', `${mod(tenant)}/chat-photos/${message}/reject`, { reason }),
  complaints: (tenant: string, status: ComplaintStatus) =>
    call<{ complaints: ModerationComplaint[] }>('GET', `${mod(tenant)}/complaints?status=${status}`),
  complaint: (tenant: string, id: number) =>
    call<{ complaint: ModerationComplaint; member: ModerationMember | null; photos: ModerationPhoto[] }>('GET', `${mod(tenant)}/complaints/${id}`),
  setComplaintStatus: (tenant: string, id: number, status: ComplaintStatus) =>
    call<{ complaint: ModerationComplaint }>('POST', `${mod(tenant)}/complaints/${id}/status`, { status }),
  findMembers: (tenant: string, q: string) =>
    call<{ members: ModerationMember[] }>('GET', `${mod(tenant)}/members?q=${encodeURIComponent(q)}`),
  // Trust and safety: the flagged queue (trust/console_handlers.go).
  flags: (tenant: string) =>
    call<Answer<'/admin/api/tenants/{tenant}/flags', 'get'>>('GET', `/tenants/${encodeURIComponent(tenant)}/flags`),
  flagCount: (tenant: string) =>
    call<Answer<'/admin/api/tenants/{tenant}/flags/count', 'get'>>('GET', `/tenants/${encodeURIComponent(tenant)}/flags/count`),
  flagEvidence: (tenant: string, flag: number) => call<FlagEvidence>('GET', `/tenants/${encodeURIComponent(tenant)}/flags/${flag}`),
  decideFlag: (tenant: string, flag: number, decision: FlagDecision) =>
    call<unknown>('POST', `/tenants/${encodeURIComponent(tenant)}/flags/${flag}/decision`, { decision }),
  warnMember: (tenant: string, member: number, text: string) =>
    call<{ member: ModerationMember; warning: string }>('POST', `${mod(tenant)}/members/${member}/warn`, { text }),
  suspendMember: (tenant: string, member: number, until: string, reason: string) =>
    call<{ member: ModerationMember }>('POST', `${mod(tenant)}/members/${member}/suspend`, { until, reason }),
  banMember: (tenant: string, member: number, reason: string) =>
    call<{ member: ModerationMember }>('POST', `${mod(tenant)}/members/${member}/ban`, { reason }),
  // Campaigns (notifications/console_handlers.go): the audience or progress, and sending.
  campaign: (tenant: string, type: CampaignType, key: string) =>
    call<CampaignState>('GET', `/tenants/${encodeURIComponent(tenant)}/campaigns?type=${type}&key=${encodeURIComponent(key)}`),
  sendCampaign: (tenant: string, campaign: NewCampaign) =>
    call<CampaignSent>('POST', `/tenants/${encodeURIComponent(tenant)}/campaigns`, campaign),
  // Members, the audit log and staff (pages/members, pages/audit, pages/staff).
  searchMembers: (q: string) => call<{ members: FoundMember[] }>('GET', `/members?q=${encodeURIComponent(q)}`),
  member: (tenant: string, member: number) => call<MemberView>('GET', `${memberPath(tenant, member)}`),
  addNote: (tenant: string, member: number, text: string) =>
    call<{ result: MemberNote }>('POST', `${memberPath(tenant, member)}/notes`, { text }),
  liftMember: (tenant: string, member: number, reason: string) =>
    call<{ result: ModerationMember }>('POST', `${memberPath(tenant, member)}/lift`, { reason }),
  memberInvoices: (tenant: string, member: number) => call<{ invoices: MemberInvoice[] }>('GET', `${memberPath(tenant, member)}/invoices`),
  directDebit: (tenant: string, member: number, blocked: boolean, reason: string) =>
    call<DirectDebitBlock>('POST', `${memberPath(tenant, member)}/direct-debit`, { blocked, reason }),
  endSessions: (tenant: string, member: number) => call<{ result: ModerationMember }>('POST', `${memberPath(tenant, member)}/sessions/end`),
  reactivateMember: (tenant: string, member: number) => call<{ result: ModerationMember }>('POST', `${memberPath(tenant, member)}/reactivate`),
  resendActivation: (tenant: string, member: number) => call<{ result: ModerationMember }>('POST', `${memberPath(tenant, member)}/activation`),
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
  auditActions: () => call<{ actions: string[] }>('GET', '/audit/actions'),
  staff: () => call<{ staff: Staff[] }>('GET', '/staff'),
  createStaff: (email: string, roles: Grant[], affiliate?: AffiliateScope) =>
    call<{ staff: Staff; password?: string }>('POST', '/staff', affiliate ? { email, roles, affiliate } : { email, roles }),
  setStaffRoles: (id: number, roles: Grant[]) => call<{ staff: Staff }>('PUT', `/staff/${id}/roles`, { roles }),
  setAffiliateScope: (id: number, scope: AffiliateScope) => call<{ staff: Staff }>('PUT', `/staff/${id}/affiliate-scope`, scope),
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
  // An affiliate's own traffic (pages/affiliate): its brands and links, its report and postbacks.
  affiliateHome: () => call<AffiliateHome>('GET', '/affiliate'),
  affiliateReport: (tenant: string, span: DaySpan) => call<AffiliateReport>('GET', affiliatePath('report', tenant, span)),
  affiliatePostbacks: (tenant: string, span: DaySpan) => call<AffiliatePostbacks>('GET', affiliatePath('postbacks', tenant, span)),
}

export type ConsoleApi = typeof consoleApi
