import 'styled-components'
import type { ColorName } from './theme'
import type { Layout } from './layout'

declare module 'styled-components' {
  export interface DefaultTheme {
    name: string
    colors: Record<ColorName, string>
    fonts: { body: string; heading: string }
    radii: { sm: string; md: string; lg: string; button: string; card: string }
    type: {
      headingWeight: string
      headingTransform: string
      headingSpacing: string
      buttonWeight: string
      buttonTransform: string
      buttonSpacing: string
    }
    shadows: { card: string }
    logo: string
    logoSrcSet: string
    icon: string
    /** layout is the theme's variants with the brand's choices over them. */
    layout: Layout
  }
}
