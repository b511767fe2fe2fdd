// Shapes of the first-paint state the engine injects into index.html
// (engine/webapp/webapp.go). The API's own types come from the OpenAPI
// description (api/types.ts); this file only composes them.
import type { LayoutChoice } from '../theme/layout'
import type { Card, Company, LikeEntry, MemberProfile, Profile, SearchResult, Settings, Thread, User } from '../api/types'

export type { Card, ChatEntry, SearchResult, ChatMessage, Company, Gift, Image, MessageCost, Profile, Settings, User } from '../api/types'

export interface ThemeTokens {
  name?: string
  colors?: Partial<Record<string, string>>
  fonts?: Partial<Record<string, string>>
  radii?: Partial<Record<string, string>>
  type?: Partial<Record<string, string>>
  shadows?: Partial<Record<string, string>>
  logo?: string
  /** logoSrcSet is the logo's srcset for sharp screens (the engine's PNG images of a theme's drawing). */
  logoSrcSet?: string
  icon?: string
  /** layout is the theme's choice of variants (theme.json's layout). */
  layout?: LayoutChoice
}

/** HomeCopy is a brand's own text of its home in the page's language (its file's look.copy); what it leaves out is the niche's default. */
export interface HomeCopy {
  headline?: string
  lead?: string
  teasers_title?: string
  how_title?: string
  steps?: { title: string; text: string }[]
  cta_title?: string
  cta_text?: string
}

/** BrandLook is the brand's own look over its theme's: layout choices, logo, icon and home copy. */
export interface BrandLook {
  layout?: LayoutChoice
  logo?: string
  icon?: string
  copy?: HomeCopy | null
}

/** The JSON of <script id="rdv-boot">. */
export interface Boot {
  tenant: { slug: string; name: string }
  settings: Settings
  company: Company
  theme: ThemeTokens
  /** look is the brand's own look over its theme's. */
  look?: BrandLook | null
  user: User | null
  /** counts are the logged-in member's navigation badges, null when logged out. */
  counts?: NavCounts | null
  locale: string
  locales: string[]
  country: string
  /** teasers are the members the logged-out home page shows (null elsewhere). */
  teasers?: Card[] | null
  /** search is the search page's first answer, for the address it was served at (null elsewhere). */
  search?: SearchResult | null
  /** member is a member's page's profile for a logged-out visitor (/members/{id}; null elsewhere). */
  member?: MemberProfile | null
  /** thread is messages.php's answer on a conversation's page (/chats/{id}) for a member of it (null elsewhere). */
  thread?: Thread | null
}

/** NavCounts are the navigation's badges the engine puts in the boot state, so the first paint shows them. */
export interface NavCounts {
  unread_messages: number
  new_likes: number
}

/** LikedBy is one liker the app keeps (likes.php's liked_by, or a live like event, which carries less). */
export type LikedBy = Pick<LikeEntry, 'id' | 'like_new'> & Partial<Omit<LikeEntry, 'id' | 'like_new'>>

/** Likes is the app's copy of likes.php: the profiles the member liked and who liked the member. */
export interface Likes {
  profiles: Profile[]
  liked_by: LikedBy[]
  /** new_likes is the server's count of liked_by entries flagged new (the likes badge). */
  new_likes?: number
}
