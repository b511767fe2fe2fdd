import { useId, useReducer, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Field, Label, Select } from '../../../../components/Form'
import { useRegions } from '../../../../api/catalogues'
import { useLoad } from '../../../../api/useLoad'
import { refreshUser } from '../../../../state/refresh'
import { useAppState, useServices } from '../../../../state/context'
import { useCountryName } from '../../../../i18n/countryName'
import { accountApi, type Place } from '../../api'
import { accountErrorText, type Text } from '../../shared/errors'
import { Muted, Notice } from '../../shared/ui'
import { autoLocate, canAsk, geoReducer, initialGeo, locatePlace, LocateError, needsFallback, readPermission } from '../geolocation'
import type { StepProps } from './types'
import { StepActions } from './StepActions'
import { CityField } from './CityField'

function local(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/**
 * firstCountry is the country the location step starts with: of the site's
 * countries, the first of known (the profile's, the visitor's selected and
 * GeoIP country) that it serves, else the site's first.
 */
export function firstCountry(countries: string[], known: string[]): string {
  return known.find((c) => c && countries.includes(c)) ?? countries[0] ?? known.find(Boolean) ?? ''
}

/**
 * LocationStep finds the member's place with the browser's geolocation and
 * the reverse geocode, or the city the member types (the engine's places
 * are suggested, and the one taken brings its region); without a position
 * the region is chosen from a list, after the country on a site that serves
 * several (changing it loads that country's regions).
 */
export function LocationStep({ onNext, onSkip }: StepProps) {
  const { t } = useTranslation()
  const { api, store } = useServices()
  const id = useId()
  const countries = useAppState((s) => s.settings.countries)
  const nameOf = useCountryName()
  const known = [
    useAppState((s) => s.user?.profile?.country ?? ''),
    useAppState((s) => s.settings.geoip_selected_country),
    useAppState((s) => s.country),
  ]
  const [country, setCountry] = useState(() => firstCountry(countries, known))
  const [geo, dispatch] = useReducer(geoReducer, initialGeo)
  const [region, setRegion] = useState('')
  const [city, setCity] = useState('')
  // typed is the place the member chose from the suggestions for the city they typed.
  const [typed, setTyped] = useState<Place | null>(null)
  const [error, setError] = useState<Text | null>(null)
  const [busy, setBusy] = useState(false)
  const fallback = needsFallback(geo)
  const regions = useRegions(fallback ? country : '')

  const locate = () => {
    dispatch({ type: 'locate' })
    locatePlace(navigator, (lat, lon) => accountApi(api).geocode(lat, lon), local())
      .then((place) => dispatch({ type: 'located', place }))
      .catch((e: unknown) => dispatch({ type: 'failed', code: e instanceof LocateError ? e.code : 0 }))
  }

  // The browser's permission is read once; granted, the position is asked at once.
  useLoad('permission', async (signal) => {
    const permission = await readPermission(navigator)
    if (signal.aborted) return permission
    dispatch({ type: 'permission', permission })
    if (autoLocate(geoReducer(geo, { type: 'permission', permission }))) locate()
    return permission
  })

  const save = async (place: Partial<Place> & { region_code?: string }) => {
    setBusy(true)
    setError(null)
    try {
      await accountApi(api).updateProfile({
        ...(place.country ? { country: place.country } : {}),
        region: place.region_code ?? '',
        city: place.city ?? '',
      })
      void refreshUser(api, store).catch(() => {})
      onNext()
    } catch (err) {
      setError(accountErrorText(err))
      dispatch({ type: 'failed', code: 0 })
    } finally {
      setBusy(false)
    }
  }

  const saveTyped = (e: FormEvent) => {
    e.preventDefault()
    if (typed) void save(typed)
  }

  const saveChosen = (e: FormEvent) => {
    e.preventDefault()
    void save({ country, region_code: region, city: city.trim() })
  }

  return (
    <div data-testid="signup-step-location" data-permission={geo.permission} data-status={geo.status}>
      <p>{t('signupFlow.location.lead')}</p>
      <Notice text={error} testId="signup-error" />
      {geo.status === 'locating' && (
        <p role="status" data-testid="geo-locating">
          {t('signupFlow.location.locating')}
        </p>
      )}
      {geo.status === 'located' && geo.place && (
        <>
          <p role="status" data-testid="geo-place">
            {t('signupFlow.location.found', { city: geo.place.city || geo.place.region, region: geo.place.region })}
          </p>
          <StepActions onNext={() => void save(geo.place!)} onSkip={onSkip} busy={busy} nextKey="signupFlow.location.use" />
        </>
      )}
      {!fallback && geo.status !== 'located' && (
        <>
          {geo.permission === 'prompt' || geo.permission === 'unknown' ? <Muted>{t('signupFlow.location.ask')}</Muted> : null}
          <StepActions
            onNext={canAsk(geo) ? locate : undefined}
            onSkip={onSkip}
            busy={geo.status === 'locating'}
            nextKey="signupFlow.location.locate"
          />
          <form onSubmit={saveTyped} data-testid="city-form">
            <Field>
              <CityField
                label={t('signupFlow.location.typeCity')}
                listLabel={t('signupFlow.location.places')}
                countries={[country, ...countries.filter((c) => c !== country)]}
                value={city}
                onType={(c) => {
                  setCity(c)
                  setTyped(null)
                }}
                onChoose={(p) => {
                  setCity(p.city)
                  setTyped(p)
                }}
              />
            </Field>
            <StepActions submit busy={busy} disabled={!typed} />
          </form>
        </>
      )}
      {fallback && (
        <form onSubmit={saveChosen} data-testid="geo-fallback">
          <Muted role="status">
            {geo.permission === 'denied'
              ? t('signupFlow.location.denied')
              : geo.permission === 'unsupported'
                ? t('signupFlow.location.unsupported')
                : t('signupFlow.location.failed')}
          </Muted>
          {countries.length > 1 && (
            <Field>
              <Label htmlFor={`${id}-country`}>{t('signupFlow.location.country')}</Label>
              <Select
                id={`${id}-country`}
                name="country"
                value={country}
                autoComplete="country"
                onChange={(e) => {
                  setCountry(e.target.value)
                  setRegion('')
                }}
              >
                {countries.map((c) => (
                  <option key={c} value={c}>
                    {nameOf(c)}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <Field>
            {/* The engine's word for the country's regions in the page's language (Provincie, Bundesland, Kanton). */}
            <Label htmlFor={`${id}-region`}>{regions?.country === country && regions.label_text ? regions.label_text : t('search.regionLabel.region')}</Label>
            <Select id={`${id}-region`} name="region" value={region} onChange={(e) => setRegion(e.target.value)} required>
              <option value="">{t('signupFlow.location.chooseRegion')}</option>
              {regions?.regions.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field>
            <CityField
              label={t('signupFlow.location.city')}
              listLabel={t('signupFlow.location.places')}
              countries={[country]}
              value={city}
              onType={setCity}
              onChoose={(p) => {
                setCity(p.city)
                setRegion(p.region_code)
              }}
            />
          </Field>
          <StepActions submit onSkip={onSkip} busy={busy} disabled={!region} />
        </form>
      )}
    </div>
  )
}
