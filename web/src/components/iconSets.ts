// The named sets of icons a tenant's settings pick from (gifts, the
// fictional-profile marker): kept apart from Icon.tsx so the first screen's
// code does not carry their drawings.
import type { LucideIcon } from 'lucide-react'
import Beer from 'lucide-react/icons/beer'
import Bot from 'lucide-react/icons/bot'
import Cake from 'lucide-react/icons/cake'
import Candy from 'lucide-react/icons/candy'
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
import Martini from 'lucide-react/icons/martini'
import MessageCircleHeart from 'lucide-react/icons/message-circle-heart'
import PawPrint from 'lucide-react/icons/paw-print'
import Sparkles from 'lucide-react/icons/sparkles'
import Star from 'lucide-react/icons/star'
import VenetianMask from 'lucide-react/icons/venetian-mask'
import Wine from 'lucide-react/icons/wine'

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

/** fictionalIcons are the fictional_icon setting's names: mask, info, star, heart, robot, theater. */
export const fictionalIcons: Record<string, LucideIcon> = { mask: VenetianMask, info: Info, star: Star, heart: Heart, robot: Bot, theater: Drama }

/** fictionalIcon is the drawing of the fictional-profile marker, or null when the setting names none. */
export function fictionalIcon(name: string | undefined): LucideIcon | null {
  return (name && fictionalIcons[name]) || null
}
