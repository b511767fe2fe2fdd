// The drawings of the first screen (the header's back arrow, the language
// menu's chevron), made as lucide-react makes them (same paths, size, stroke
// and class) but without its runtime: lucide's createLucideIcon and its
// helpers are about 1.5 kB of gzip that the home's first code need not carry
// for two drawings. The other icons come from lucide-react, with the pages
// that draw them.
import type { LucideIcon, LucideProps } from 'lucide-react'

/** glyph draws a 24 x 24 stroked icon of paths, as a lucide-react icon does. */
function glyph(name: string, paths: readonly string[]): LucideIcon {
  function Glyph({ size = 24, color = 'currentColor', strokeWidth = 2, className, ...rest }: LucideProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke={color}
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={`lucide lucide-${name}${className ? ` ${className}` : ''}`}
        {...rest}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    )
  }
  Glyph.displayName = name
  return Glyph as unknown as LucideIcon
}

/** ArrowLeft is lucide's arrow-left. */
export const ArrowLeft = glyph('arrow-left', ['m12 19-7-7 7-7', 'M19 12H5'])

/** ChevronDown is lucide's chevron-down. */
export const ChevronDown = glyph('chevron-down', ['m6 9 6 6 6-6'])
