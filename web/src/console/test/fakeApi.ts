// The console API as the tests fake it: every call a vi.fn with a neutral
// answer (lists empty, single things not found, changes refused), so a test
// passes only the calls its page needs answered otherwise. The fixture
// builders are the things several test files show.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { vi } from 'vitest'
import {
  ConsoleError,
  type BrandToday,
  type ConsoleApi,
  type ConsoleOrder,
  type Grant,
  type LookChoices,
  type ModerationComplaint,
  type MemberView,
  type ModerationMember,
  type ModerationPhoto,
  type Staff,
  type StaffAnswer,
  type Tenant,
  type TenantPermission,
} from '../api'

// The engine's policy file: role -> "object:action".
const policy: Record<string, string[]> = {}
for (const line of readFileSync(join(__dirname, '../../../../config/console_policy.csv'), 'utf8').split('\n')) {
  const [p, role, , object, action] = line.split(',').map((x) => x.trim())
  if (p === 'p' && role && object && action) (policy[role] ??= []).push(`${object}:${action}`)
}

/** permissionsOf is what the engine answers on /me for role given on tenant ("*": every brand). */
export function permissionsOf(role: Grant['role'], tenant = '*'): TenantPermission[] {
  return (policy[role] ?? []).map((p) => {
    const [object, action] = p.split(':') as [string, TenantPermission['action']]
    return { tenant, object, action }
  })
}

/** tenant is LustLokaal, the brand every console page opens on first. */
export const tenant = (over: Partial<Tenant> = {}): Tenant => ({
  slug: 'lustlokaal',
  name: 'LustLokaal',
  hosts: ['localhost'],
  primary_host: 'localhost',
  theme: 'amber',
  locales: ['nl', 'en'],
  default_locale: 'nl',
  niche: 1,
  countries: ['NL'],
  time_zone: 'Europe/Amsterdam',
  company: 'Lokaal Media',
  ...over,
})

/** sparkusa is a second brand, for pages that follow the brand picker. */
export const sparkusa = (): Tenant =>
  tenant({ slug: 'sparkusa', name: 'SparkUSA', hosts: ['us.localhost'], primary_host: 'us.localhost', theme: 'rose', locales: ['en'], default_locale: 'en', company: 'Spark' })

/** brandToday is LustLokaal on Today and the brand list: one photo waiting, no complaint, its figures, site and a lander. */
export const brandToday = (over: Partial<BrandToday> = {}): BrandToday => ({
  tenant: 'lustlokaal',
  name: 'LustLokaal',
  site: 'http://localhost:8080/',
  landers: ['http://localhost:8080/landers/tinderswipe'],
  photos_waiting: 1,
  complaints_open: 0,
  figures: { members: 1200, signups_today: 1, revenue_month: [{ currency: 'EUR', amount: 123450 }] },
  ...over,
})

/** staffMember is the superadmin on every brand, second factor set up. */
export const staffMember = (over: Partial<Staff> = {}): Staff => ({
  id: 1,
  email: 'boss@staff.example',
  roles: [{ role: 'superadmin', tenant: '*' }],
  totp_enabled: true,
  totp_enrolment_required: false,
  disabled_at: null,
  language: 'en',
  ...over,
})

/** moderationMember is member 42, active. */
export const moderationMember = (over: Partial<ModerationMember> = {}): ModerationMember => ({
  id: 42,
  email: 'jeroen@example.com',
  name: 'Jeroen',
  status: 'active',
  language: 'nl',
  signup_date: '2026-10-01T09:00:00Z',
  suspended_until: null,
  banned_at: null,
  ...over,
})

/** memberView is the member page's answer for Jeroen: his profile, no complaints, notes or audit rows unless over says so. */
export const memberView = (over: Partial<MemberView> = {}): MemberView => ({
  member: moderationMember(),
  brand: 'LustLokaal',
  profile: {
    id: 42, name: 'Jeroen', age: 34, gender: 'male', seeking: 'female', sexuality: 'hetero', date_of_birth: '1992-05-01',
    country: 'NL', region: 'NL-UT', region_name: 'Utrecht', city: 'Utrecht', interests: [], hair_color: '', eye_color: '',
    body_type: '', relationship_status: '', tattoos: '', about_me: 'Likes long walks.', status: 'active', main_image: null,
    photos: [], last_active_at: '2026-11-20T10:00:00Z',
  },
  photos: [],
  complaints: [],
  conversations: { conversations: 3, messages_sent: 12, unread: 1 },
  sessions: [],
  notes: [],
  audit: [],
  ...over,
})

/** moderationPhoto is a member's photo waiting for a decision. */
export const moderationPhoto = (id: number, over: Partial<ModerationPhoto> = {}): ModerationPhoto => ({
  id,
  status: 'pending',
  url: `/media/${id}.jpg`,
  thumb_url: `/media/${id}_t.jpg`,
  ...over,
})

/** complaint is an open complaint by Bert about profile 42. */
export const complaint = (over: Partial<ModerationComplaint> = {}): ModerationComplaint => ({
  id: 7,
  category: 'fake',
  profile_id: 42,
  member_id: 3,
  name: 'Bert',
  email: 'bert@example.com',
  message: 'Not a real person',
  status: 'open',
  created_at: '2026-11-22T09:00:00Z',
  ...over,
})

/** order is member 42's completed order of 100 credits for €19.95. */
export const order = (over: Partial<ConsoleOrder> = {}): ConsoleOrder => ({
  id: 7,
  member_id: 42,
  package_id: 'p100',
  credits: 100,
  amount: 1995,
  currency: 'EUR',
  country: 'NL',
  status: 'completed',
  created_at: '2026-11-20T10:00:00Z',
  completed_at: '2026-11-20T10:01:00Z',
  payments: [],
  list_amount: null,
  discount_code: null,
  discount_percentage: null,
  ...over,
})

/** lookChoices is the engine's answer of the look's choices: its three themes and every variant. */
export const lookChoices = (): LookChoices => ({
  themes: [
    { name: 'amber', layout: { home: 'photo-hero', card: 'tile', nav: 'labelled', header: 'bar', footer: 'columns', sections: ['teasers', 'how', 'trust', 'cta'] }, logo: '/themes/amber/logo.svg', icon: '/themes/amber/icon.svg' },
    { name: 'midnight', layout: { home: 'split-signup', card: 'row', nav: 'floating', header: 'centered', footer: 'full', sections: ['how', 'teasers', 'trust', 'cta'] }, logo: '/themes/midnight/logo.svg', icon: '/themes/midnight/icon.svg' },
  ],
  home: ['photo-hero', 'split-signup', 'grid-first'],
  card: ['tile', 'row', 'polaroid'],
  nav: ['labelled', 'floating', 'icons'],
  header: ['bar', 'centered', 'minimal'],
  footer: ['full', 'columns', 'compact'],
  sections: ['teasers', 'how', 'trust', 'cta'],
  images: ['logo', 'icon'],
  max_image_bytes: 262144,
})

/** signedIn is /me's answer for a staff member with role on tenant. */
export const signedIn = (role: Grant['role'], tenant = '*'): StaffAnswer => ({
  staff: staffMember({ roles: [{ role, tenant }] }),
  permissions: permissionsOf(role, tenant),
})

const refused = () => Promise.reject(new ConsoleError(403, 'console_forbidden', 'no'))
const notFound = (code: string) => () => Promise.reject(new ConsoleError(404, code, 'none'))

/** fakeApi is the console API of a logged-out session on LustLokaal alone, with over in place of its calls. */
export function fakeApi(over: Partial<ConsoleApi> = {}): ConsoleApi {
  return {
    me: vi.fn<ConsoleApi['me']>(() => Promise.reject(new ConsoleError(401, 'console_login_required', 'Log in'))),
    login: vi.fn<ConsoleApi['login']>(() => Promise.resolve(signedIn('superadmin'))),
    logout: vi.fn<ConsoleApi['logout']>(() => Promise.resolve(null)),
    startTOTP: vi.fn<ConsoleApi['startTOTP']>(() => Promise.resolve({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' })),
    confirmTOTP: vi.fn<ConsoleApi['confirmTOTP']>(() => Promise.resolve(signedIn('superadmin'))),
    setLanguage: vi.fn<ConsoleApi['setLanguage']>((language) => Promise.resolve({ ...signedIn('superadmin'), staff: staffMember({ language }) })),
    today: vi.fn<ConsoleApi['today']>(() => Promise.resolve({ brands: [brandToday()] })),
    tenants: vi.fn<ConsoleApi['tenants']>(() => Promise.resolve([tenant()])),
    tenantFile: vi.fn<ConsoleApi['tenantFile']>(notFound('tenant_not_found')),
    createTenant: vi.fn<ConsoleApi['createTenant']>(refused),
    updateTenant: vi.fn<ConsoleApi['updateTenant']>(refused),
    lookChoices: vi.fn<ConsoleApi['lookChoices']>(() => Promise.resolve(lookChoices())),
    uploadLookImage: vi.fn<ConsoleApi['uploadLookImage']>(refused),
    orders: vi.fn<ConsoleApi['orders']>(() => Promise.resolve({ orders: [] })),
    refund: vi.fn<ConsoleApi['refund']>(refused),
    codes: vi.fn<ConsoleApi['codes']>(() => Promise.resolve({ codes: [], paymentmethods: [] })),
    createCode: vi.fn<ConsoleApi['createCode']>(refused),
    deactivateCode: vi.fn<ConsoleApi['deactivateCode']>(refused),
    inbox: vi.fn<ConsoleApi['inbox']>(() => Promise.resolve({ conversations: [] })),
    inboxThread: vi.fn<ConsoleApi['inboxThread']>(notFound('not_found')),
    answer: vi.fn<ConsoleApi['answer']>(refused),
    photoQueue: vi.fn<ConsoleApi['photoQueue']>(() => Promise.resolve({ photos: [], photo_moderation: true })),
    approvePhoto: vi.fn<ConsoleApi['approvePhoto']>(refused),
    rejectPhoto: vi.fn<ConsoleApi['rejectPhoto']>(refused),
    chatPhotoQueue: vi.fn<ConsoleApi['chatPhotoQueue']>(() => Promise.resolve({ photos: [], photo_moderation: true })),
    approveChatPhoto: vi.fn<ConsoleApi['approveChatPhoto']>(refused),
    rejectChatPhoto: vi.fn<ConsoleApi['rejectChatPhoto']>(refused),
    complaints: vi.fn<ConsoleApi['complaints']>(() => Promise.resolve({ complaints: [] })),
    complaint: vi.fn<ConsoleApi['complaint']>(notFound('complaint_not_found')),
    setComplaintStatus: vi.fn<ConsoleApi['setComplaintStatus']>(refused),
    findMembers: vi.fn<ConsoleApi['findMembers']>(() => Promise.resolve({ members: [] })),
    flags: vi.fn<ConsoleApi['flags']>(() =>
      Promise.resolve({ flags: [], settings: { threshold: 100, weights: {}, repeat_members: 10, repeat_minutes: 2 } }),
    ),
    flagCount: vi.fn<ConsoleApi['flagCount']>(() => Promise.resolve({ open: 0 })),
    flagEvidence: vi.fn<ConsoleApi['flagEvidence']>(notFound('flag_not_found')),
    decideFlag: vi.fn<ConsoleApi['decideFlag']>(refused),
    warnMember: vi.fn<ConsoleApi['warnMember']>(refused),
    suspendMember: vi.fn<ConsoleApi['suspendMember']>(refused),
    banMember: vi.fn<ConsoleApi['banMember']>(refused),
    searchMembers: vi.fn<ConsoleApi['searchMembers']>(() => Promise.resolve({ members: [] })),
    member: vi.fn<ConsoleApi['member']>(notFound('member_not_found')),
    addNote: vi.fn<ConsoleApi['addNote']>(refused),
    liftMember: vi.fn<ConsoleApi['liftMember']>(refused),
    memberInvoices: vi.fn<ConsoleApi['memberInvoices']>(() => Promise.resolve({ invoices: [] })),
    directDebit: vi.fn<ConsoleApi['directDebit']>(refused),
    endSessions: vi.fn<ConsoleApi['endSessions']>(refused),
    campaign: vi.fn<ConsoleApi['campaign']>(refused),
    sendCampaign: vi.fn<ConsoleApi['sendCampaign']>(refused),
    reactivateMember: vi.fn<ConsoleApi['reactivateMember']>(refused),
    resendActivation: vi.fn<ConsoleApi['resendActivation']>(refused),
    memberMoney: vi.fn<ConsoleApi['memberMoney']>(refused),
    correctCredits: vi.fn<ConsoleApi['correctCredits']>(refused),
    complaintConversation: vi.fn<ConsoleApi['complaintConversation']>(notFound('complaint_not_found')),
    audit: vi.fn<ConsoleApi['audit']>(() => Promise.resolve({ entries: [] })),
    auditActions: vi.fn<ConsoleApi['auditActions']>(() => Promise.resolve({ actions: ['credits.correct', 'login', 'member.ban'] })),
    staff: vi.fn<ConsoleApi['staff']>(() => Promise.resolve({ staff: [] })),
    createStaff: vi.fn<ConsoleApi['createStaff']>(refused),
    setStaffRoles: vi.fn<ConsoleApi['setStaffRoles']>(refused),
    setAffiliateScope: vi.fn<ConsoleApi['setAffiliateScope']>(refused),
    disableStaff: vi.fn<ConsoleApi['disableStaff']>(refused),
    enableStaff: vi.fn<ConsoleApi['enableStaff']>(refused),
    houseProfiles: vi.fn<ConsoleApi['houseProfiles']>(() =>
      Promise.resolve({ house_profiles: [], fictional: { warning: '', singular: '', plural: '', icon: '' }, options: {}, countries: ['NL'] }),
    ),
    houseProfile: vi.fn<ConsoleApi['houseProfile']>(notFound('profile_not_found')),
    createHouse: vi.fn<ConsoleApi['createHouse']>(refused),
    updateHouse: vi.fn<ConsoleApi['updateHouse']>(refused),
    setHouseStatus: vi.fn<ConsoleApi['setHouseStatus']>(refused),
    addHousePhoto: vi.fn<ConsoleApi['addHousePhoto']>(refused),
    deleteHousePhoto: vi.fn<ConsoleApi['deleteHousePhoto']>(refused),
    // A mock of a generic call is not generic: this one refuses every series alike.
    dashboard: vi.fn(refused),
    trafficReport: vi.fn<ConsoleApi['trafficReport']>(refused),
    postbacks: vi.fn<ConsoleApi['postbacks']>(refused),
    affiliateHome: vi.fn<ConsoleApi['affiliateHome']>(refused),
    affiliateReport: vi.fn<ConsoleApi['affiliateReport']>(refused),
    affiliatePostbacks: vi.fn<ConsoleApi['affiliatePostbacks']>(refused),
    ...over,
  }
}
