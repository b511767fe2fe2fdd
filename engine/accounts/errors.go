package accounts

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"rendezvous/engine/platform/httpx"
)

// Error is a refusal of an account rule: a stable code, the English text of
// SPEC.md or API.md with {placeholders}, and the values that fill them.
type Error struct {
	Code    string
	Message string
	Params  map[string]any
}

func (e *Error) Error() string { return "accounts: " + e.Code }

// Is matches errors by code, so a filled-in error still is its sentinel.
func (e *Error) Is(target error) bool {
	var t *Error
	return errors.As(target, &t) && t.Code == e.Code
}

// with returns e with its placeholders' values.
func (e *Error) with(params map[string]any) *Error {
	c := *e
	c.Params = params
	return &c
}

// Text is the message with the placeholders filled in.
func (e *Error) Text() string {
	s := e.Message
	for k, v := range e.Params {
		s = strings.ReplaceAll(s, "{"+k+"}", fmt.Sprint(v))
	}
	return s
}

func newError(code, message string) *Error { return &Error{Code: code, Message: message} }

// The account rules' refusals. Texts quoted from SPEC.md and API.md are
// word for word.
var (
	ErrInviteOnly          = newError("invite_only", "{sitename} is currently invite-only")
	ErrEmailInvalid        = newError("email_invalid", "Invalid email")
	ErrEmailTaken          = newError("email_taken", "This email address already owns an account on this website.")
	ErrNameIsEmail         = newError("name_is_email", "Username may not be the same as your e-mail address")
	ErrNameAt              = newError("name_at", "Username may not start with @")
	ErrNameInvalid         = newError("name_invalid", "Username must be 2 to 30 letters, digits, spaces, dots, dashes or underscores, starting with a letter or digit.")
	ErrDateOfBirth         = newError("date_of_birth", "Enter your date of birth ({min_age}+)")
	ErrDateOfBirthInvalid  = newError("date_of_birth_invalid", "Invalid date of birth")
	ErrPasswordInvalid     = newError("password_invalid", "Your password must be 6 to 128 characters long.")
	ErrGenderInvalid       = newError("gender_invalid", "Choose male or female.")
	ErrSeekingInvalid      = newError("seeking_invalid", "Choose male, female or both.")
	ErrCountryInvalid      = newError("country_invalid", "This site does not serve that country.")
	ErrLocationInvalid     = newError("location_invalid", "Region and city must be at most 100 characters, without < or >.")
	ErrSignupMessageLong   = newError("signup_message_too_long", "Your message may be at most {max} characters long.")
	ErrTrackingInvalid     = newError("tracking_invalid", "Tracking values must be at most 100 printable characters.")
	ErrLoginBlocked        = newError("login_blocked", "Too many incorrect attempts, account blocked for {minutes} min.")
	ErrEmailNotFound       = newError("email_not_found", "E-mail address not found")
	ErrResetLimit          = newError("reset_limit", "Too many password reset emails sent, please try again tomorrow.")
	ErrActivationLimit     = newError("activation_limit", "Too many activation emails sent, please try again tomorrow.")
	ErrAlreadyActive       = newError("already_active", "Your account is already active.")
	ErrPasswordsDiffer     = newError("passwords_differ", "The entered passwords are not the same.")
	ErrLinkInvalid         = newError("link_invalid", "Link expired or invalid, request a new email")
	ErrOldPassword         = newError("old_password", "Please check your old password.")
	ErrNewEmailInvalid     = newError("new_email_invalid", "New email adress is invalid.")
	ErrEmailExists         = newError("email_exists", "An account with this e-mail address already exists")
	ErrNothingToChange     = newError("nothing_to_change", "Give a new email address or a new password.")
	ErrLanguageInvalid     = newError("language_invalid", "This language is not offered on this site.")
	ErrSubscriptionInvalid = newError("subscription_invalid", "The push subscription is not valid.")
	ErrAlertInvalid        = newError("alert_invalid", "There is no such alert.")
	ErrNotificationType    = newError("notification_type_invalid", "There is no such notification type.")
	ErrHookUnauthorized    = newError("hook_unauthorized", "This webhook needs its secret.")
	ErrHookInvalid         = newError("hook_invalid", "The webhook names no valid email address.")
)

// errorStatus is the HTTP status of each refusal (API.md conventions:
// validation 422, not found 404, too many attempts 429).
var errorStatus = map[string]int{
	"invite_only":               http.StatusForbidden,
	"email_taken":               http.StatusConflict,
	"login_failed":              http.StatusUnauthorized,
	"account_pending_deletion":  http.StatusForbidden,
	"login_blocked":             http.StatusTooManyRequests,
	"email_not_found":           http.StatusNotFound,
	"reset_limit":               http.StatusTooManyRequests,
	"activation_limit":          http.StatusTooManyRequests,
	"already_active":            http.StatusConflict,
	"link_invalid":              http.StatusGone,
	"old_password":              http.StatusForbidden,
	"email_exists":              http.StatusConflict,
	"hook_unauthorized":         http.StatusUnauthorized,
	"hook_invalid":              http.StatusUnprocessableEntity,
	"notification_type_invalid": http.StatusUnprocessableEntity,
}

// apiError turns a refusal into its HTTP answer: the status, the code, the
// English text and the placeholder values as fields. Anything else passes
// through (and becomes a logged 500).
func apiError(err error) error {
	var e *Error
	if !errors.As(err, &e) {
		return err
	}
	status, ok := errorStatus[e.Code]
	if !ok {
		status = http.StatusUnprocessableEntity
	}
	return httpx.NewError(status, e.Code, e.Text(), e.Params)
}
