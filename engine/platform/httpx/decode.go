package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
)

// MaxJSONBody bounds a JSON request body; uploads use their own limits.
const MaxJSONBody = 64 << 10

// DecodeJSON reads a JSON body into v, refusing bodies that are too large,
// malformed, of the wrong types, carry unknown fields or trailing data.
func DecodeJSON(w http.ResponseWriter, r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && mt != "text/plain") {
			// text/plain is what navigator.sendBeacon sends for a string body.
			return NewError(http.StatusUnsupportedMediaType, "unsupported_media_type", "The request body must be JSON.", nil)
		}
	}
	r.Body = http.MaxBytesReader(w, r.Body, MaxJSONBody)
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return decodeError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return BadRequest("invalid_json", "The request body must be one JSON value.")
	}
	return nil
}

func decodeError(err error) *Error {
	var (
		syntax   *json.SyntaxError
		typeErr  *json.UnmarshalTypeError
		maxBytes *http.MaxBytesError
	)
	switch {
	case errors.As(err, &maxBytes):
		return NewError(http.StatusRequestEntityTooLarge, "body_too_large", "The request body is too large.", nil)
	case errors.As(err, &syntax), errors.Is(err, io.ErrUnexpectedEOF):
		return BadRequest("invalid_json", "The request body is not valid JSON.")
	case errors.Is(err, io.EOF):
		return BadRequest("invalid_json", "The request body is empty.")
	case errors.As(err, &typeErr):
		return Invalid("wrong_type", fmt.Sprintf("The field %s has the wrong type.", typeErr.Field), map[string]any{"field": typeErr.Field})
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return BadRequest("unknown_field", fmt.Sprintf("The field %s is not known.", field)).with("field", field)
	default:
		return BadRequest("invalid_json", "The request body is not valid JSON.")
	}
}

func (e *Error) with(key string, value any) *Error {
	c := *e
	c.Fields = map[string]any{key: value}
	return &c
}
