import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { below, radius, shadow, space } from '../../../theme/theme'
import { About, Cta, Facts, MemberPhoto, MorePhotos, PhotoBox, useFacts, type DesignProps } from '../parts'

const Layout = styled.article`
  display: grid;
  grid-template-columns: minmax(0, 5fr) minmax(0, 6fr);
  gap: ${space(8)};
  align-items: center;
  ${below('md')} {
    grid-template-columns: minmax(0, 1fr);
    gap: ${space(4)};
  }
`

// The photo is the page: tall beside the text on a desktop; on a phone a
// little wider than high, so the name and the button are in view under it.
const Frame = styled.div`
  border-radius: ${radius.card};
  overflow: hidden;
  box-shadow: ${shadow.card};
  ${below('md')} {
    ${PhotoBox} {
      aspect-ratio: 4 / 3;
    }
  }
`

const Title = styled.h1`
  margin-bottom: ${space(2)};
  font-size: clamp(1.625rem, 4vw, 2.75rem);
  overflow-wrap: anywhere;
`

const Lead = styled.p`
  margin: 0 0 ${space(5)};
  font-size: 1.125rem;
`

/** Spotlight (/members/{id}/landing): the member's photo large, beside the name, the facts and the button. */
export function Spotlight({ profile, copy, signup, site }: DesignProps) {
  const { t } = useTranslation()
  const facts = useFacts(profile)
  const vars = { name: profile.name, site }
  return (
    <Layout data-testid="landing-spotlight">
      <Frame>
        <MemberPhoto profile={profile} ratio="4 / 5" />
      </Frame>
      <div>
        <Title>{t(`${copy}.title`, vars)}</Title>
        {facts && <Facts data-testid="landing-facts">{facts}</Facts>}
        <Lead>{t(`${copy}.lead`, vars)}</Lead>
        <MorePhotos profile={profile} />
        <Cta to={signup} label={t(`${copy}.cta`, vars)} />
        <About profile={profile} />
      </div>
    </Layout>
  )
}
