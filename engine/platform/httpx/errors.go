package httpx

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"rendezvous/engine/platform/refusal"
)

// Refusals of the HTTP layer itself.
var (
	ErrNotFound         = refusal.New(refusal.NotFound, "not_found", "This page could not be found")
	ErrMethodNotAllowed = refusal.New(refusal.MethodNotAllowed, "method_not_allowed", "This method is not allowed here.")
	ErrUnavailable      = refusal.New(refusal.Unavailable, "unavailable", "An error occured, please try again later.")
)

// internalCode and internalText answer every failure that is not a refusal.
const (
	internalCode = "internal"
	internalText = "An error has occurred."
)

// statuses is the HTTP status of each kind of refusal (validation 422, not
// found 404, too many attempts 429...).
var statuses = map[refusal.Kind]int{
	refusal.Invalid:          http.StatusUnprocessableEntity,
	refusal.Malformed:        http.StatusBadRequest,
	refusal.Unauthorized:     http.StatusUnauthorized,
	refusal.PaymentRequired:  http.StatusPaymentRequired,
	refusal.Forbidden:        http.StatusForbidden,
	refusal.NotFound:         http.StatusNotFound,
	refusal.MethodNotAllowed: http.StatusMethodNotAllowed,
	refusal.Conflict:         http.StatusConflict,
	refusal.Gone:             http.StatusGone,
	refusal.TooLarge:         http.StatusRequestEntityTooLarge,
	refusal.UnsupportedMedia: http.StatusUnsupportedMediaType,
	refusal.TooMany:          http.StatusTooManyRequests,
	refusal.Unavailable:      http.StatusServiceUnavailable,
}

// Status is the HTTP status that answers a refusal of kind k; a kind
// without one (a mistake) answers like a validation failure, still a 4xx.
func Status(k refusal.Kind) int {
	if s, ok := statuses[k]; ok {
		return s
	}
	return http.StatusUnprocessableEntity
}

// WriteError answers with err. A refusal is written with its kind's status
// as {"error": code, "message": text, ...params}; anything else is logged
// with the request id and answered as a bare 500, so no internal detail
// reaches a client.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	e := refusal.As(err)
	if e == nil {
		if errors.Is(err, r.Context().Err()) && r.Context().Err() != nil {
			// The client went away; nobody reads the answer.
			return
		}
		Logger(r.Context()).Error("request failed", "err", err)
		writeInternal(w)
		return
	}
	body := make(map[string]any, len(e.Params)+2)
	for k, v := range e.Params {
		body[k] = v
	}
	body["error"] = e.Code
	body["message"] = e.Text()
	// A refusal that says when to try again says it in the header too.
	if seconds, ok := e.Params["retry_after"].(int); ok && e.Kind == refusal.TooMany {
		w.Header().Set("Retry-After", strconv.Itoa(seconds))
	}
	WriteJSON(w, Status(e.Kind), body)
}

// writeInternal answers a failure of the engine: a 500 that says nothing
// about its cause.
func writeInternal(w http.ResponseWriter) {
	WriteJSON(w, http.StatusInternalServerError, map[string]any{"error": internalCode, "message": internalText})
}

// WriteJSON answers with v as JSON.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(true)
	_ = enc.Encode(v)
}

// NoContent answers 204.
func NoContent(w http.ResponseWriter) {
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
}
