import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import styled from 'styled-components'
import { ButtonLink } from '../components/Button'
import { Page } from '../components/Page'
import { errorMessage, errorStatus } from '../api/errors'
import { color, space } from '../theme/theme'

const Code = styled.p`
  margin: 0 0 ${space(2)};
  font-size: 3rem;
  font-weight: 800;
  color: ${color.primary};
`

const Message = styled.p`
  font-size: 1.25rem;
`

/** ErrorView shows an error's message; a 404 also links back home. */
export function ErrorView({ status, message }: { status: number; message: string }) {
  const { t } = useTranslation()
  return (
    <Page title={t('errors.title', { status })} testId="error-page">
      <Code aria-hidden="true">{status}</Code>
      <Message data-testid="error-message">{message}</Message>
      {status === 404 && (
        <ButtonLink to="/" data-testid="back-home">
          {t('errors.backHome')}
        </ButtonLink>
      )}
    </Page>
  )
}

/** NotFoundPage: 'This page could not be found' with a link home. */
export function NotFoundPage() {
  const { t } = useTranslation()
  return <ErrorView status={404} message={t('errors.notFound')} />
}

/** FailureView shows an error: a 404 as the not-found page, others with their status and message. */
export function FailureView({ error }: { error: unknown }) {
  const { t } = useTranslation()
  const status = isRouteErrorResponse(error) ? error.status : errorStatus(error)
  if (status === 404) return <NotFoundPage />
  const message = isRouteErrorResponse(error)
    ? errorMessage(error.data, error.statusText || t('errors.generic'))
    : errorMessage(error, t('errors.generic'))
  return <ErrorView status={status} message={message} />
}

/** ErrorPage is the error element of every route. */
export function ErrorPage() {
  return <FailureView error={useRouteError()} />
}
