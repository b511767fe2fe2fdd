package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"rendezvous/engine/platform/refusal"
)

// MaxJSONBody bounds a JSON request body; uploads use their own limits.
const MaxJSONBody = 64 << 10

// ErrNotJSON refuses a call's body that is not declared as JSON. Only JSON
// is accepted: a form or text/plain body is what a page on another site can
// send without asking.
var ErrNotJSON = refusal.New(refusal.UnsupportedMedia, "unsupported_media_type", "The request body must be JSON.")

// DecodeJSON reads a JSON body into v, refusing bodies that are not
// application/json, too large, malformed, of the wrong types, carry unknown
// fields or trailing data, or text PostgreSQL cannot keep (NUL characters,
// invalid UTF-8).
func DecodeJSON(w http.ResponseWriter, r *http.Request, v any) error {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		return ErrNotJSON
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxJSONBody))
	if err != nil {
		return decodeError(err)
	}
	if err := checkText(body); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return decodeError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return refusal.New(refusal.Malformed, "invalid_json", "The request body must be one JSON value.")
	}
	return nil
}

// TextInvalid answers a string field with a NUL character or invalid UTF-8.
func TextInvalid(field string) *refusal.Error {
	return refusal.New(refusal.Invalid, "text_invalid", "The field {field} is not valid text.").With(map[string]any{"field": field})
}

// checkText refuses a JSON body with a string (value or key) that holds a
// NUL character or invalid UTF-8, naming the field. encoding/json would
// pass NUL through to PostgreSQL, which refuses it, and quietly replace
// invalid bytes. Malformed JSON is left to the decoder.
func checkText(body []byte) error {
	if utf8.Valid(body) && !bytes.Contains(body, []byte(`\u0000`)) {
		return nil
	}
	type frame struct {
		object, wantKey bool
		key             string
		index           int
	}
	var stack []frame
	valueDone := func() {
		if n := len(stack); n > 0 {
			if stack[n-1].object {
				stack[n-1].wantKey = true
			} else {
				stack[n-1].index++
			}
		}
	}
	path := func() string {
		var b strings.Builder
		for _, f := range stack {
			switch {
			case f.object && f.key != "":
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.WriteString(f.key)
			case !f.object:
				b.WriteString("[" + strconv.Itoa(f.index) + "]")
			}
		}
		if b.Len() == 0 {
			return "body"
		}
		return b.String()
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	var prev int64
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil
		}
		end := dec.InputOffset()
		raw := body[prev:end]
		prev = end
		isKey := len(stack) > 0 && stack[len(stack)-1].object && stack[len(stack)-1].wantKey
		switch t := tok.(type) {
		case json.Delim:
			if t == '{' || t == '[' {
				stack = append(stack, frame{object: t == '{', wantKey: true})
			} else {
				stack = stack[:len(stack)-1]
				valueDone()
			}
			continue
		case string:
			if strings.ContainsRune(t, 0) || !utf8.Valid(raw) {
				return TextInvalid(path())
			}
			if isKey {
				stack[len(stack)-1].key, stack[len(stack)-1].wantKey = t, false
				continue
			}
		}
		valueDone()
	}
}

// ValidQuery refuses a request whose query parameters hold a NUL character
// or invalid UTF-8 with 422 text_invalid, before any of them can reach the
// database. A query without percent escapes decodes to its own text with
// '+' as a space, so a plain one passes as it is, without parsing it into
// a map for every request (settings.php's ?domain=); the others are decoded
// and checked name by name, so the refusal names the parameter.
func ValidQuery(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if raw := r.URL.RawQuery; raw != "" && (strings.Contains(raw, "%") || !plainText(raw)) {
			for key, values := range r.URL.Query() {
				if !plainText(key) {
					WriteError(w, r, TextInvalid("query"))
					return
				}
				for _, v := range values {
					if !plainText(v) {
						WriteError(w, r, TextInvalid(key))
						return
					}
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}

func plainText(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

func decodeError(err error) *refusal.Error {
	var (
		syntax   *json.SyntaxError
		typeErr  *json.UnmarshalTypeError
		maxBytes *http.MaxBytesError
	)
	switch {
	case errors.As(err, &maxBytes):
		return refusal.New(refusal.TooLarge, "body_too_large", "The request body is too large.")
	case errors.As(err, &syntax), errors.Is(err, io.ErrUnexpectedEOF):
		return refusal.New(refusal.Malformed, "invalid_json", "The request body is not valid JSON.")
	case errors.Is(err, io.EOF):
		return refusal.New(refusal.Malformed, "invalid_json", "The request body is empty.")
	case errors.As(err, &typeErr) && typeErr.Field == "":
		// the body itself is not an object ([] or "x"): no field to name
		return refusal.New(refusal.Invalid, "wrong_type", "The request body must be a JSON object.")
	case errors.As(err, &typeErr):
		return refusal.New(refusal.Invalid, "wrong_type", "The field {field} has the wrong type.").With(map[string]any{"field": typeErr.Field})
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return refusal.New(refusal.Malformed, "unknown_field", "The field {field} is not known.").With(map[string]any{"field": field})
	default:
		return refusal.New(refusal.Malformed, "invalid_json", "The request body is not valid JSON.")
	}
}

// ID reads a row id from a path segment, a query value or a form field: a
// positive whole number. Each caller answers a missing or bad one with its
// own error, which names the field.
func ID(s string) (int64, bool) {
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil && n > 0
}
