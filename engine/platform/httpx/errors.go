// Package httpx is the engine's small shared HTTP plumbing: JSON answers,
// error values with stable codes, request decoding and middleware.
package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
)

// Error is an answer to a failed request: an HTTP status, a stable code that
// clients translate, the English text of SPEC.md and the placeholder values.
type Error struct {
	Status  int
	Code    string
	Message string
	Fields  map[string]any
}

func (e *Error) Error() string { return fmt.Sprintf("%d %s: %s", e.Status, e.Code, e.Message) }

// NewError builds an Error; fields fill the answer's extra members (minutes,
// name, min_age...).
func NewError(status int, code, message string, fields map[string]any) *Error {
	return &Error{Status: status, Code: code, Message: message, Fields: fields}
}

// Common errors every surface uses.
var (
	ErrAuthenticationRequired = NewError(http.StatusForbidden, "authentication_required", "You need to log in for this.", nil)
	ErrNotFound               = NewError(http.StatusNotFound, "not_found", "This page could not be found", nil)
	ErrMethodNotAllowed       = NewError(http.StatusMethodNotAllowed, "method_not_allowed", "This method is not allowed here.", nil)
	ErrInternal               = NewError(http.StatusInternalServerError, "internal", "An error has occurred.", nil)
	ErrUnavailable            = NewError(http.StatusServiceUnavailable, "unavailable", "An error occured, please try again later.", nil)
)

// Invalid is a 422 validation failure of one field.
func Invalid(code, message string, fields map[string]any) *Error {
	return NewError(http.StatusUnprocessableEntity, code, message, fields)
}

// BadRequest is a 400 for a request the server cannot read at all.
func BadRequest(code, message string) *Error {
	return NewError(http.StatusBadRequest, code, message, nil)
}

// WriteError answers with err. An *Error is written as it is; anything else
// is logged with the request id and answered as a bare 500, so no internal
// detail reaches a client.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	var e *Error
	if !errors.As(err, &e) {
		if errors.Is(err, r.Context().Err()) && r.Context().Err() != nil {
			// The client went away; nobody reads the answer.
			return
		}
		Logger(r.Context()).Error("request failed", "err", err)
		e = ErrInternal
	}
	body := make(map[string]any, len(e.Fields)+2)
	for k, v := range e.Fields {
		body[k] = v
	}
	body["error"] = e.Code
	body["message"] = e.Message
	WriteJSON(w, e.Status, body)
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
