// The member app's icons: one set, Lucide (ISC licence, lucide-react), drawn
// as inline SVG, so they show on every system, with or without an emoji font.
// Import icons from here, not from lucide-react, so the set stays small and
// in one place.
// One module per icon: only the drawings used are loaded, in the build and in tests.
import type { LucideIcon, LucideProps } from 'lucide-react'
import ArrowLeft from 'lucide-react/icons/arrow-left'
import ArrowRight from 'lucide-react/icons/arrow-right'
import Beer from 'lucide-react/icons/beer'
import Bot from 'lucide-react/icons/bot'
import Cake from 'lucide-react/icons/cake'
import Camera from 'lucide-react/icons/camera'
import Candy from 'lucide-react/icons/candy'
import ChevronDown from 'lucide-react/icons/chevron-down'
import Coffee from 'lucide-react/icons/coffee'
import Croissant from 'lucide-react/icons/croissant'
import Crown from 'lucide-react/icons/crown'
import Drama from 'lucide-react/icons/drama'
import Flower from 'lucide-react/icons/flower'
import Flower2 from 'lucide-react/icons/flower-2'
import Gem from 'lucide-react/icons/gem'
import Gift from 'lucide-react/icons/gift'
import Heart from 'lucide-react/icons/heart'
import Info from 'lucide-react/icons/info'
import Lock from 'lucide-react/icons/lock'
import Martini from 'lucide-react/icons/martini'
import MessageCircleHeart from 'lucide-react/icons/message-circle-heart'
import PawPrint from 'lucide-react/icons/paw-print'
import Sparkles from 'lucide-react/icons/sparkles'
import Star from 'lucide-react/icons/star'
import Trash2 from 'lucide-react/icons/trash-2'
import User from 'lucide-react/icons/user'
import VenetianMask from 'lucide-react/icons/venetian-mask'
import Wine from 'lucide-react/icons/wine'
import X from 'lucide-react/icons/x'

export { ArrowLeft, ArrowRight, Camera, ChevronDown, Gift, Heart, Lock, Trash2, User, X }
export type { LucideIcon }

type IconProps = Omit<LucideProps, 'ref'> & {
  /** icon is the drawing, e.g. Gift. */
  icon: LucideIcon
  /** label names an icon that stands alone; without it the icon is decorative (next to its text) and hidden from assistive technology. */
  label?: string
}

/**
 * Icon draws one icon of the set at the text's size and colour. Next to text
 * it is decorative (aria-hidden); alone it needs a label, which becomes its
 * accessible name.
 */
export function Icon({ icon: Drawing, label, size = '1.25em', ...rest }: IconProps) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const, focusable: 'false' as const }
  return <Drawing size={size} strokeWidth={2} style={{ verticalAlign: '-0.2em', flex: 'none' }} {...a11y} {...rest} />
}

/**
 * giftIcons are the names a gift's icon may have in a tenant file (the gifts
 * section's icon field; engine/chat keeps the same list). An unknown name
 * draws the plain gift.
 */
export const giftIcons: Record<string, LucideIcon> = {
  gift: Gift, rose: Flower, flower: Flower2, heart: Heart, kiss: MessageCircleHeart, champagne: Wine, cocktail: Martini,
  beer: Beer, coffee: Coffee, gem: Gem, diamond: Gem, crown: Crown, star: Star, sparkles: Sparkles, cake: Cake, candy: Candy,
  pretzel: Croissant, teddy: PawPrint,
}

/** giftIcon is the drawing of a gift's icon name. */
export function giftIcon(name: string | undefined): LucideIcon {
  return (name && giftIcons[name]) || Gift
}

/** fictionalIcons are the fictional_icon setting's names (SPEC: mask, info, star, heart, robot, theater). */
export const fictionalIcons: Record<string, LucideIcon> = { mask: VenetianMask, info: Info, star: Star, heart: Heart, robot: Bot, theater: Drama }

/** fictionalIcon is the drawing of the fictional-profile marker, or null when the setting names none. */
export function fictionalIcon(name: string | undefined): LucideIcon | null {
  return (name && fictionalIcons[name]) || null
}
