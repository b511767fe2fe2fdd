import { useTranslation } from 'react-i18next'
import { useAppState } from '../../state/context'

/** Copy is the home's text: the brand's own (its file's look.copy), else its niche's, else the general one. */
export interface Copy {
  headline: string
  lead: string
  teasersTitle: string
  howTitle: string
  steps: { title: string; text: string }[]
  ctaTitle: string
  ctaText: string
}

/** niches are the niches with their own default copy (1 general, 2 women, 3 BDSM, 4 curvy, 5 mature, 6 MILF, 7 gay). */
const niches = [1, 2, 3, 4, 5, 6, 7]

/**
 * useHomeCopy is the home's text in the page's language: each part the
 * brand's own where its file gives it, else the niche's default, so two
 * brands never read alike.
 */
export function useHomeCopy(): Copy {
  const { t, i18n } = useTranslation()
  const name = useAppState((s) => s.tenant.name)
  const settings = useAppState((s) => s.settings)
  const own = useAppState((s) => (s.homeCopy && s.homeCopy.locale === i18n.language ? s.homeCopy.copy : null))
  const niche = niches.includes(settings.niche) ? settings.niche : 1
  const byNiche = (part: string) => t(`homeNiche.n${niche}.${part}`, { name })
  const steps = own?.steps?.length
    ? own.steps
    : [1, 2, 3].map((n) => ({ title: t(`homePage.step${n}Title`), text: t(`homePage.step${n}Text`) }))
  return {
    headline: own?.headline || byNiche('headline'),
    lead: own?.lead || settings.description || byNiche('lead'),
    teasersTitle: own?.teasers_title || t('homePage.teasersTitle', { name }),
    howTitle: own?.how_title || byNiche('howTitle'),
    steps,
    ctaTitle: own?.cta_title || t('homePage.ctaTitle'),
    ctaText: own?.cta_text || t('homePage.ctaText'),
  }
}
