// The layout a theme chooses besides its tokens (theme.json's layout),
// which a brand overrides choice by choice (its file's look.layout). Every
// variant is a component of this one bundle; the engine checks the names
// (themes/layout.go lists the same ones).

/** The visitor home: a full-bleed photo hero, a split hero with the signup form beside it, a page that starts with the members' grid. */
export const homeVariants = ['photo-hero', 'split-signup', 'grid-first'] as const
/** The profile card: a photo-first tile, a list row, a polaroid. */
export const cardVariants = ['tile', 'row', 'polaroid'] as const
/** The members' tab bar: icons over labels, a floating pill, icons only. */
export const navVariants = ['labelled', 'floating', 'icons'] as const
/** The site's header: the logo left on a bar in the brand's colour, the logo centred, a plain light bar with a sign-in link. */
export const headerVariants = ['bar', 'centered', 'minimal'] as const
/** The site's footer: the links in a row over the company, the links in columns, one short line each. */
export const footerVariants = ['full', 'columns', 'compact'] as const
/** The home's sections below its first screen. */
export const sectionIds = ['teasers', 'how', 'trust', 'cta'] as const

export type HomeVariant = (typeof homeVariants)[number]
export type CardVariant = (typeof cardVariants)[number]
export type NavVariant = (typeof navVariants)[number]
export type HeaderVariant = (typeof headerVariants)[number]
export type FooterVariant = (typeof footerVariants)[number]
export type SectionId = (typeof sectionIds)[number]

export interface Layout {
  home: HomeVariant
  card: CardVariant
  nav: NavVariant
  header: HeaderVariant
  footer: FooterVariant
  sections: SectionId[]
}

/** LayoutChoice is a layout as a theme or a brand file writes it: any choice may be left out. */
export interface LayoutChoice {
  home?: string
  card?: string
  nav?: string
  header?: string
  footer?: string
  sections?: string[]
}

export const defaultLayout: Layout = { home: 'photo-hero', card: 'tile', nav: 'labelled', header: 'bar', footer: 'full', sections: [...sectionIds] }

const oneOf = <T extends string>(names: readonly T[], v: string | undefined, fallback: T): T =>
  v && (names as readonly string[]).includes(v) ? (v as T) : fallback

/** resolveLayout is the theme's layout with the brand's choices over it; an unknown name keeps the choice below it. */
export function resolveLayout(theme?: LayoutChoice | null, brand?: LayoutChoice | null): Layout {
  let out = defaultLayout
  for (const over of [theme, brand]) {
    if (!over) continue
    out = {
      home: oneOf(homeVariants, over.home, out.home),
      card: oneOf(cardVariants, over.card, out.card),
      nav: oneOf(navVariants, over.nav, out.nav),
      header: oneOf(headerVariants, over.header, out.header),
      footer: oneOf(footerVariants, over.footer, out.footer),
      sections: over.sections ? over.sections.filter((s): s is SectionId => (sectionIds as readonly string[]).includes(s)) : out.sections,
    }
  }
  return out
}
