// The member app's icons: one set, Lucide (ISC licence, lucide-react), drawn
// as inline SVG, so they show on every system, with or without an emoji font.
// Import icons from here, not from lucide-react, so the set stays small and
// in one place.
// One module per icon: only the drawings used are loaded, in the build and in tests.
// The gift and fictional-marker drawings are in iconSets.ts, beside the
// pages that draw them, not in the first screen's code; the first screen's
// two (ArrowLeft, ChevronDown) are in glyphs.tsx, without lucide's runtime.
import type { LucideIcon, LucideProps } from 'lucide-react'
import ArrowRight from 'lucide-react/icons/arrow-right'
import Camera from 'lucide-react/icons/camera'
import Gift from 'lucide-react/icons/gift'
import Heart from 'lucide-react/icons/heart'
import Lock from 'lucide-react/icons/lock'
import Plus from 'lucide-react/icons/plus'
import SendHorizontal from 'lucide-react/icons/send-horizontal'
import Trash2 from 'lucide-react/icons/trash-2'
import User from 'lucide-react/icons/user'
import X from 'lucide-react/icons/x'
import { ArrowLeft, ChevronDown } from './glyphs'

export { ArrowLeft, ArrowRight, Camera, ChevronDown, Gift, Heart, Lock, Trash2, User, X }
export type { LucideIcon }
// The chat composer's '+' (gift and photo) and send buttons.
export { Plus, SendHorizontal }

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
