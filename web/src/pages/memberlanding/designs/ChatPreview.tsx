import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Cta, MemberPhoto, MorePhotos, Name, useFacts, type DesignProps } from '../parts'
import { color, radius, shadow, space } from '../../../theme/theme'

const Layout = styled.article`
  max-width: 560px;
  margin: 0 auto;
`

const Title = styled.h1`
  font-size: clamp(1.5rem, 4vw, 2.25rem);
  text-align: center;
  overflow-wrap: anywhere;
`

// A chat as the app draws one: the member's head, their messages, the
// answer to write.
const Window = styled.section`
  border: 1px solid ${color.border};
  border-radius: ${radius.card};
  background: ${color.surface};
  box-shadow: ${shadow.card};
  overflow: hidden;
`

const Head = styled.header`
  display: flex;
  align-items: center;
  gap: ${space(3)};
  padding: ${space(3)} ${space(4)};
  border-bottom: 1px solid ${color.border};
  p {
    margin: 0;
    color: ${color.textMuted};
  }
`

const Avatar = styled.div`
  flex: 0 0 64px;
  width: 64px;
  border-radius: 50%;
  overflow: hidden;
`

const Who = styled.div`
  min-width: 0;
  strong {
    display: block;
    font-size: 1.125rem;
  }
`

const Bubbles = styled.ol`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${space(2)};
  margin: 0;
  padding: ${space(4)};
  list-style: none;
  li {
    max-width: 85%;
    padding: ${space(2)} ${space(3)};
    border-radius: ${radius.lg} ${radius.lg} ${radius.lg} ${radius.sm};
    background: ${color.border};
    color: ${color.text};
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
`

const Answer = styled.div`
  padding: 0 ${space(4)};
`

const Photo = styled.div`
  margin-top: ${space(4)};
  border-radius: ${radius.card};
  overflow: hidden;
`

/** ChatPreview (/members/{id}/landing2/{slug?}): the member's first messages, answered by signing up. */
export function ChatPreview({ profile, copy, signup, site }: DesignProps) {
  const { t } = useTranslation()
  const facts = useFacts(profile)
  const vars = { name: profile.name, site }
  return (
    <Layout data-testid="landing-chat">
      <Title>{t(`${copy}.title`, vars)}</Title>
      <Window aria-label={t('memberLanding.chat.label', { name: profile.name })}>
        <Head>
          <Avatar>
            <MemberPhoto profile={profile} ratio="1" thumb />
          </Avatar>
          <Who>
            <strong>
              <Name>{profile.name}</Name>
            </strong>
            {facts && <p data-testid="landing-facts">{facts}</p>}
          </Who>
        </Head>
        <Bubbles>
          <li>{t(`${copy}.greeting`, vars)}</li>
          {profile.about_me && <li data-testid="landing-about">{profile.about_me}</li>}
        </Bubbles>
        <Answer>
          <MorePhotos profile={profile} />
          <Cta to={signup} label={t(`${copy}.cta`, vars)} />
        </Answer>
      </Window>
      {profile.main_image && (
        <Photo>
          <MemberPhoto profile={profile} ratio="4 / 3" />
        </Photo>
      )}
    </Layout>
  )
}
