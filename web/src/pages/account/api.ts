// The account calls of engine/server/openapi.yaml that only the account pages
// use.
import type { Api } from '../../api/calls'
import { ApiError } from '../../api/http'
import type {
  AccountChange,
  AccountDeletion,
  DataExportAnswer,
  ConsentState,
  DiscountCode,
  MailChange,
  NotificationSettings,
  OtherBrands,
  PhotosAnswer,
  Place,
  ProfileAnswer,
  ProfileUpdate,
  RetentionOffer,
  ServerAlert,
  SignupBody,
  User,
} from '../../api/types'

export type { AccountChange, NotificationSettings, OwnProfile, Place, ProfileUpdate, ServerAlert, SignupBody } from '../../api/types'

function need<T>(v: T | false): T {
  if (v === false) throw new ApiError('authentication_required', 403, 'authentication_required')
  return v
}

/** accountApi names the account calls on top of the shared HTTP client. */
export function accountApi(api: Api) {
  const { http } = api
  return {
    signup: (body: SignupBody) => http.post<{ user: User }>('/api/signup.php', body, { retries: 0 }).then((r) => need(r).user),
    resendActivation: () => http.post<null>('/api/activate.php', undefined, { retries: 0 }).then(need),
    requestReset: (email: string) => http.post<null>('/api/reset-password.php', { email }, { retries: 0 }),
    doReset: (token: string, password: string, password_repeat: string) =>
      http.post<null>('/api/reset-password.php', { token, password, password_repeat }, { query: { do: 1 }, retries: 0 }),
    changeAccount: (c: AccountChange) => http.put<{ user: User }>('/api/account.php', c, { retries: 0 }).then((r) => need(r).user),
    deleteAccount: () => http.del<AccountDeletion>('/api/account.php', undefined, { retries: 0 }).then(need),
    consents: (signal?: AbortSignal) => http.get<ConsentState>('/api/consents.php', { signal }).then(need),
    /** withdrawOrientation withdraws the orientation consent, which deletes the account as deleteAccount. */
    withdrawOrientation: () =>
      http.del<AccountDeletion>('/api/consents.php', undefined, { query: { kind: 'orientation' }, retries: 0 }).then(need),
    retentionOffer: () => http.get<RetentionOffer>('/api/retention.php').then(need),
    takeRetention: () => http.post<DiscountCode>('/api/retention.php', undefined, { retries: 0 }).then(need),
    otherBrands: (signal?: AbortSignal) => http.get<OtherBrands>('/api/brands.php', { signal }).then(need),
    reactivate: (token: string) => http.post<{ user: User }>('/api/reactivate.php', { token }, { retries: 0 }).then((r) => need(r).user),
    confirmMailChange: (token: string) =>
      http.post<MailChange>('/api/mail-change.php', { token }, { retries: 0 }).then(need),
    notifications: (signal?: AbortSignal) => http.get<NotificationSettings>('/api/notifications.php', { signal }).then(need),
    setNotifications: (disabled: string[], enableEmail = false) =>
      http
        .put<NotificationSettings>('/api/notifications.php', enableEmail ? { disabled, enable_email: true } : { disabled }, { retries: 0 })
        .then(need),
    profile: () => http.get<ProfileAnswer>('/api/profile.php').then((r) => need(r).profile),
    /** removePhoto takes back the photo the signup's photo step added. */
    removePhoto: (id: number) => http.del<PhotosAnswer>('/api/photos.php', undefined, { query: { id }, retries: 0 }).then(need),
    updateProfile: (u: ProfileUpdate) =>
      http.put<ProfileAnswer>('/api/profile.php', u, { retries: 0 }).then((r) => need(r).profile),
    geocode: (lat: number, lon: number) => http.get<Place>('/api/geocode.php', { query: { lat, lon }, retries: 1 }).then(need),
    /** places are the country's places whose name starts with q, for the city a member types. */
    places: (country: string, q: string, signal?: AbortSignal) =>
      http.get<{ places: Place[] }>('/api/places.php', { query: { country, q }, signal }).then((r) => need(r).places),
    dismissAlert: (alert: ServerAlert) => http.post<null>('/api/alerts.php', { alert }, { retries: 2 }),
    /** dataExport is the member's latest copy of their data (null when none). */
    dataExport: (signal?: AbortSignal) => http.get<DataExportAnswer>('/api/data-export.php', { signal }).then((r) => need(r).export),
    requestDataExport: () => http.post<DataExportAnswer>('/api/data-export.php', undefined, { retries: 0 }).then((r) => need(r).export),
  }
}

export type AccountApi = ReturnType<typeof accountApi>
