// Package mollie is the Mollie payment provider: billing.Provider over
// Mollie's REST API v2 (https://docs.mollie.com/reference/v2) with net/http,
// as Mollie's Go client is not available here. It creates payments, fetches
// them (Mollie's webhook carries only a payment id, so the engine learns a
// payment's state by asking Mollie, and a forged webhook changes nothing),
// refunds them and lists the methods a profile can take for an amount.
//
// The engine's method names are mapped onto Mollie's ids (card brands onto
// creditcard, sct onto banktransfer, sdd onto directdebit, prezelewy24 onto
// przelewy24) and back.
//
// Errors: a 404 for a payment is billing.ErrPaymentNotFound; any other 4xx
// is billing.ErrProviderRefused (an *APIError with Mollie's detail and
// field); network errors, timeouts, 429 and 5xx are
// billing.ErrProviderUnavailable and may be retried. The API key is sent
// only in the Authorization header and appears in no error or log.
package mollie
