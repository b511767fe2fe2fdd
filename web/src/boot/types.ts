// Shapes of the first-paint state the engine injects into index.html
// (engine/webapp/webapp.go) and of the API answers the app reads.

export interface MessageCost {
  costs: number
  currency: string
}

/** Settings of GET /api/settings.php (SPEC.md section 3). */
export interface Settings {
  slug: string
  name: string
  countries: string[]
  locales: string[]
  theme: string
  niche: number
  company_id: number
  domain: string
  geoip_country: string
  geoip_selected_country: string
  push_public_key: string
  index_title: string
  description: string
  visible_profile_fields: string[]
  visible_profile_notes: boolean
  cdn_prefix: string
  message_credits: number
  photo_credits: number
  gift_credits: number
  signup_credits: number
  message_length: number
  minimum_message_costs: Record<string, MessageCost>
  support_email: string
  support_phone: string
  enable_site_entry_popup: string
  search_fields: string[]
  domain_language: string
  fictional_warning: string
  fictional_singular: string
  fictional_plural: string
  fictional_icon: string
  refund_days: number
  signups: string
  logged_out_search: boolean
  logged_out_search_trafficsource: boolean
  member_resell: boolean
  mail_name: string
  min_age: number
  chat_history: number
  photo_moderation: boolean
}

/** Company info of GET /api/companyinfo.php. */
export interface Company {
  id: number
  name: string
  address: string
  kvk: string
  city: string
  country: string
  tradenames: string[]
  vat_numbers: string[]
  support_phone: string
  delete_discount: number
  added: string
}

export interface Image {
  id?: number
  filename: string
  thumb_filename: string
  status: string
  url?: string
  thumb_url?: string
  match?: string
}

export interface Profile {
  id: number
  name: string
  age?: number
  gender?: string
  sexuality?: string
  country?: string
  region?: string
  city?: string
  status?: string
  main_image: Image | null
  photos?: Image[]
}

/** The member of GET /api/user.php. */
export interface User {
  id: number
  email: string
  status: string
  credits: number
  paid_user: boolean
  signup_date: string
  language: string
  notifications_disabled: string[] | null
  profile: Profile | null
  /** dismissed_alerts maps each dismissed alert (time_bonus, profile_photo, push, notifications_disabled, activation) to when. */
  dismissed_alerts?: Record<string, string> | null
  activation_reminder?: boolean
  /** pending_email is a new address waiting for its confirmation link. */
  pending_email?: string
  /** signup_profile_id is the profile the member signed up from, null when none. */
  signup_profile_id?: number | null
  notification_types_disabled?: string[] | null
}

export interface ThemeTokens {
  name?: string
  colors?: Partial<Record<string, string>>
  fonts?: Partial<Record<string, string>>
  radii?: Partial<Record<string, string>>
  logo?: string
  icon?: string
}

/** The JSON of <script id="rdv-boot">. */
export interface Boot {
  tenant: { slug: string; name: string }
  settings: Settings
  company: Company
  theme: ThemeTokens
  user: User | null
  locale: string
  locales: string[]
  country: string
}

/** A gift of GET /api/gifts.php. */
export interface Gift {
  id: string
  name: string
  icon: string
  credits: number
}

/** One message of a conversation as the member sees it (messages.php, the live stream). */
export interface ChatMessage {
  id: number
  conversation_id: number
  sender_id: number
  from_me: boolean
  kind: 'text' | 'gift' | 'photo'
  text: string
  gift: Gift | null
  photo: { url: string; thumb_url: string } | null
  credits: number
  client_id?: string
  created_at: string
}

/** One entry of GET /api/chats.php. */
export interface ChatEntry {
  conversation: { id: number }
  profile: Profile & { fictional?: boolean }
  num_unread_messages: number
  last_message?: ChatMessage | null
  updated_at?: string
  blocked?: boolean
}

/** One entry of liked_by in GET /api/likes.php: the liker's card and the like's facts. */
export interface LikedBy {
  id: number
  like_new: boolean
  name?: string
  age?: number
  city?: string
  main_image?: Image | null
  match?: boolean
  liked_at?: string
}

export interface Likes {
  profiles: Profile[]
  liked_by: LikedBy[]
  /** new_likes is the server's count of liked_by entries flagged new (the likes badge). */
  new_likes?: number
}
