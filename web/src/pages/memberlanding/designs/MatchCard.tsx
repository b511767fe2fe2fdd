import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Heart, Icon, User } from '../../../components/Icon'
import { About, Cta, Facts, MemberPhoto, MorePhotos, useFacts, type DesignProps } from '../parts'
import { color, space } from '../../../theme/theme'

const Layout = styled.article`
  max-width: 560px;
  margin: 0 auto;
  text-align: center;
  [data-testid='landing-more-photos'] {
    justify-content: center;
  }
`

// The visitor and the member side by side, joined by a heart.
const Pair = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${space(3)};
  margin-bottom: ${space(5)};
`

const Circle = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  flex: 0 1 160px;
  width: 160px;
  min-width: 0;
  aspect-ratio: 1;
  border: 4px solid ${color.primary};
  border-radius: 50%;
  overflow: hidden;
  background: ${color.surface};
  color: ${color.primary};
  > div {
    height: 100%;
  }
  > svg {
    width: 45%;
    height: 45%;
  }
`

const Joint = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  flex: 0 0 48px;
  height: 48px;
  border-radius: 50%;
  background: ${color.primary};
  color: ${color.onPrimary};
  svg {
    width: 24px;
    height: 24px;
  }
`

const Title = styled.h1`
  font-size: clamp(1.5rem, 4vw, 2.25rem);
  overflow-wrap: anywhere;
`

const Lead = styled.p`
  margin: 0 0 ${space(5)};
  font-size: 1.125rem;
`

const Left = styled.div`
  text-align: start;
`

/** MatchCard (/members/{id}/landing3/{slug?}): the visitor and the member as a match to be, then the button. */
export function MatchCard({ profile, copy, signup, site }: DesignProps) {
  const { t } = useTranslation()
  const facts = useFacts(profile)
  const vars = { name: profile.name, site }
  return (
    <Layout data-testid="landing-match">
      <Pair>
        <Circle>
          <Icon icon={User} label={t('memberLanding.match.you')} />
        </Circle>
        <Joint>
          <Icon icon={Heart} />
        </Joint>
        <Circle>
          <MemberPhoto profile={profile} ratio="1" />
        </Circle>
      </Pair>
      <Title>{t(`${copy}.title`, vars)}</Title>
      {facts && <Facts data-testid="landing-facts">{facts}</Facts>}
      <Lead>{t(`${copy}.lead`, vars)}</Lead>
      <MorePhotos profile={profile} />
      <Cta to={signup} label={t(`${copy}.cta`, vars)} />
      <Left>
        <About profile={profile} />
      </Left>
    </Layout>
  )
}
