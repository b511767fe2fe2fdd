// Package refusal is how the domain areas say no: a typed error with a kind
// (invalid, not found, forbidden...), a stable code that clients translate,
// the product's English text with {placeholders}, and the values that fill
// them. The areas return these errors and know nothing of HTTP;
// platform/httpx.WriteError is the one place that turns a kind into a status
// code and writes the JSON answer.
package refusal

import (
	"errors"
	"fmt"
	"strings"
)

// Kind says what sort of refusal an error is; it decides the HTTP status.
type Kind int

// The kinds of refusal. The zero Kind is not one, so a forgotten kind is
// noticed (it answers like Invalid).
const (
	// Invalid is input that breaks a rule (422).
	Invalid Kind = iota + 1
	// Malformed is a request the server cannot read at all (400).
	Malformed
	// Unauthorized is a failed login or a webhook without its secret (401).
	Unauthorized
	// PaymentRequired is an action the member's credits do not pay for (402).
	PaymentRequired
	// Forbidden is an action this member (or visitor) may not take (403).
	Forbidden
	// NotFound is something that does not exist, or not for this member (404).
	NotFound
	// MethodNotAllowed is a known path called with the wrong method (405).
	MethodNotAllowed
	// Conflict is a state that makes the request pointless (409).
	Conflict
	// Gone is a link or token that expired or was used (410).
	Gone
	// TooLarge is a body or upload over its limit (413).
	TooLarge
	// UnsupportedMedia is a body or upload of a type not accepted (415).
	UnsupportedMedia
	// TooMany is a limit of attempts or actions reached (429).
	TooMany
	// Unavailable is a service that cannot answer right now (503).
	Unavailable
)

var kindNames = map[Kind]string{
	Invalid: "invalid", Malformed: "malformed", Unauthorized: "unauthorized", PaymentRequired: "payment required",
	Forbidden: "forbidden", NotFound: "not found", MethodNotAllowed: "method not allowed", Conflict: "conflict",
	Gone: "gone", TooLarge: "too large", UnsupportedMedia: "unsupported media", TooMany: "too many",
	Unavailable: "unavailable",
}

func (k Kind) String() string {
	if n, ok := kindNames[k]; ok {
		return n
	}
	return fmt.Sprintf("kind(%d)", int(k))
}

// Error is one refusal. Params fill the message's {placeholders} and are
// also sent to the client as they are (name, minutes, min_age...), so an
// app can word the message itself.
type Error struct {
	Kind    Kind
	Code    string
	Message string
	Params  map[string]any
}

// New returns a refusal without parameters; areas keep these as package
// variables and add the values with With where the text needs them.
func New(kind Kind, code, message string) *Error {
	return &Error{Kind: kind, Code: code, Message: message}
}

// With returns a copy of e with params (the receiver is left as it is, so
// package-level refusals can be shared).
func (e *Error) With(params map[string]any) *Error {
	c := *e
	c.Params = params
	return &c
}

func (e *Error) Error() string { return e.Kind.String() + " " + e.Code + ": " + e.Text() }

// Is matches refusals by code: a refusal with its values filled in still is
// its package-level original.
func (e *Error) Is(target error) bool {
	var t *Error
	return errors.As(target, &t) && t.Code == e.Code
}

// Text is the message with the placeholders filled in. Placeholders without
// a value stay as they are.
func (e *Error) Text() string {
	if len(e.Params) == 0 || !strings.Contains(e.Message, "{") {
		return e.Message
	}
	var b strings.Builder
	s := e.Message
	for {
		open := strings.IndexByte(s, '{')
		if open < 0 {
			break
		}
		end := strings.IndexByte(s[open:], '}')
		if end < 0 {
			break
		}
		end += open
		b.WriteString(s[:open])
		if v, ok := e.Params[s[open+1:end]]; ok {
			fmt.Fprint(&b, v)
		} else {
			b.WriteString(s[open : end+1])
		}
		s = s[end+1:]
	}
	b.WriteString(s)
	return b.String()
}

// As returns the refusal in err's chain, or nil when err is not a refusal
// (then it is a failure of the engine, not of the request).
func As(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}
