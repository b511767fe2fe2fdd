// The key to the fictional-profile tags of a list: where the shown profiles
// include fictional (house) profiles, the tenant's fictional icon and
// fictional_plural ("Fictional profiles"), explained by fictional_warning.
// The tag on each card says fictional_singular; this names them together.
import styled from 'styled-components'
import { useAppState } from '../state/context'
import { Icon } from './Icon'
import { useFictionalTexts } from './fictional'
import { fictionalIcon } from './iconSets'
import { color, radius, space } from '../theme/theme'

const Legend = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(1)} ${space(2)};
  margin: ${space(3)} 0;
  padding: ${space(2)} ${space(3)};
  border-radius: ${radius.md};
  background: ${color.surface};
  color: ${color.text};
  font-size: 0.875rem;
  strong {
    display: inline-flex;
    align-items: center;
    gap: ${space(1)};
  }
  span {
    color: ${color.textMuted};
  }
`

/** hasFictional tells whether any of the shown profiles is fictional. */
export const hasFictional = (profiles: ReadonlyArray<{ fictional?: boolean }>): boolean => profiles.some((p) => !!p.fictional)

/** FictionalLegend explains the fictional tag when profiles include fictional ones; nothing otherwise. */
export function FictionalLegend({ profiles }: { profiles: ReadonlyArray<{ fictional?: boolean }> }) {
  const iconName = useAppState((s) => s.settings.fictional_icon)
  const { plural, warning } = useFictionalTexts()
  if (!hasFictional(profiles) || (!plural && !warning)) return null
  const icon = fictionalIcon(iconName)
  return (
    <Legend role="note" data-testid="fictional-legend">
      {plural && (
        <strong>
          {icon && <Icon icon={icon} />}
          {plural}
        </strong>
      )}
      {warning && <span>{warning}</span>}
    </Legend>
  )
}
