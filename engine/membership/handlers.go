package membership

import (
	"net/http"
	"time"

	"rendezvous/engine/accounts"
	"rendezvous/engine/landerpages"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// Handlers serve the calls that answer with the user object.
type Handlers struct {
	// Accounts are the account calls (the push subscription of POST
	// user.php?push=1 is theirs) and rules.
	Accounts accounts.Handlers
	// Members are the calls that change an account and its profile
	// together.
	Members *Lifecycle
	// Locator tells the visitor's country at signup.
	Locator tenancy.Locator
}

type userAnswer struct {
	User *User `json:"user"`
}

// write answers with m's user object.
func (h Handlers) write(w http.ResponseWriter, r *http.Request, status int, m *accounts.Account) {
	svc := h.Accounts.Service
	u, err := Of(r.Context(), svc.Pool, m, svc.Now())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, status, userAnswer{User: u})
}

// logIn starts m's session and answers with the user object: the end of a
// login, a signup and a reactivation.
func (h Handlers) logIn(w http.ResponseWriter, r *http.Request, status int, m *accounts.Account) {
	if err := h.Accounts.Service.StartSession(r.Context(), m); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.write(w, r, status, m)
}

// Current answers GET /api/user.php: the member, or null.
func (h Handlers) Current(w http.ResponseWriter, r *http.Request) {
	m := accounts.CurrentMember(r.Context())
	if m == nil {
		httpx.WriteJSON(w, http.StatusOK, userAnswer{})
		return
	}
	h.write(w, r, http.StatusOK, m)
}

// Post answers POST /api/user.php: a login, or with ?push=1 the storage of
// the member's push subscription.
func (h Handlers) Post(w http.ResponseWriter, r *http.Request) {
	if r.URL.Query().Get("push") == "1" {
		h.Accounts.SavePush(w, r)
		return
	}
	h.Login(w, r)
}

// Login answers POST /api/user.php {email, password}: {user}, logged in.
func (h Handlers) Login(w http.ResponseWriter, r *http.Request) {
	var c accounts.Credentials
	if err := httpx.DecodeJSON(w, r, &c); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	m, err := h.Accounts.Service.Login(r.Context(), tenancy.FromContext(r.Context()), c, httpx.ClientIP(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if m.SuspensionEnded {
		// The suspension hid the profile; it is over, so others see it again.
		if err := h.Members.SuspensionEnded(r.Context(), m.ID); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
	}
	h.logIn(w, r, http.StatusOK, m)
}

// Update answers PUT /api/user.php {language}: {user} with the new
// language, which also becomes the locale cookie.
func (h Handlers) Update(w http.ResponseWriter, r *http.Request) {
	var b struct {
		Language string `json:"language"`
	}
	if err := httpx.DecodeJSON(w, r, &b); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	m := accounts.CurrentMember(r.Context())
	if err := h.Accounts.Service.SetLanguage(r.Context(), tenancy.FromContext(r.Context()), m, b.Language); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	tenancy.SetLocaleCookie(w, r, m.Language)
	h.write(w, r, http.StatusOK, m)
}

// Signup answers POST /api/signup.php: 201 {user} and a session.
func (h Handlers) Signup(w http.ResponseWriter, r *http.Request) {
	var req accounts.SignupRequest
	if err := httpx.DecodeJSON(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if req.Tracking == nil {
		// The app may not know the source; the affiliate link's cookie does.
		req.Tracking = landerpages.FromRequest(r)
	}
	t := tenancy.FromContext(r.Context())
	country := h.Locator.SelectedCountry(r, t)
	v := accounts.Visit{Country: country, Locale: tenancy.NegotiateLocale(r, t, "", country), BaseURL: h.Accounts.BaseURL(r), Address: httpx.ClientIP(r)}
	m, err := h.Members.Signup(r.Context(), t, req, v)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.logIn(w, r, http.StatusCreated, m)
}

// LanderSignup signs a visitor up from a lander's form posted without its
// script (landerpages.Renderer.SignupHandler): the same rules, traffic source
// and transaction as POST /api/signup.php, then the session.
func (h Handlers) LanderSignup(w http.ResponseWriter, r *http.Request, f landerpages.SignupForm) error {
	req := accounts.SignupRequest{Email: f.Email, Name: f.Name, DateOfBirth: f.DateOfBirth, Password: f.Password,
		Gender: f.Gender, Seeking: f.Seeking, Tracking: f.Tracking, OrientationConsent: f.OrientationConsent, Marketing: &f.Marketing}
	if req.Tracking == nil {
		// The form carries no link: the affiliate cookie may know one.
		req.Tracking = landerpages.FromRequest(r)
	}
	t := tenancy.FromContext(r.Context())
	country := h.Locator.SelectedCountry(r, t)
	v := accounts.Visit{Country: country, Locale: tenancy.NegotiateLocale(r, t, "", country), BaseURL: h.Accounts.BaseURL(r), Address: httpx.ClientIP(r)}
	m, err := h.Members.Signup(r.Context(), t, req, v)
	if err != nil {
		return err
	}
	return h.Accounts.Service.StartSession(r.Context(), m)
}

// UpdateAccount answers PUT /api/account.php {old_password, email?,
// password?}: {user}. A new password keeps this session and ends the others.
func (h Handlers) UpdateAccount(w http.ResponseWriter, r *http.Request) {
	var c accounts.AccountChange
	if err := httpx.DecodeJSON(w, r, &c); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	svc := h.Accounts.Service
	m := accounts.CurrentMember(r.Context())
	res, err := svc.ChangeAccount(r.Context(), tenancy.FromContext(r.Context()), m, c, h.Accounts.BaseURL(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if res.Epoch != 0 {
		m.SessionEpoch = res.Epoch
		if err := svc.StartSession(r.Context(), m); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
	}
	// Read the account again: the change may have touched any of it.
	m, err = accounts.MemberByID(r.Context(), svc.Pool, m.ID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.write(w, r, http.StatusOK, m)
}

type tokenBody struct {
	Token string `json:"token"`
}

// Reactivate answers POST /api/reactivate.php {token}, from the link of
// the deletion mail (/account-deleted?token=): {user}, logged in.
func (h Handlers) Reactivate(w http.ResponseWriter, r *http.Request) {
	var b tokenBody
	if err := httpx.DecodeJSON(w, r, &b); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	m, err := h.Members.Reactivate(r.Context(), tenancy.FromContext(r.Context()), b.Token)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.logIn(w, r, http.StatusOK, m)
}

// MailChange answers POST /api/mail-change.php {token}, from the link
// mailed to a new address (/mail-change/do?token=): {email, user}; user is
// null unless the request is logged in as that member.
func (h Handlers) MailChange(w http.ResponseWriter, r *http.Request) {
	var b tokenBody
	if err := httpx.DecodeJSON(w, r, &b); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	svc := h.Accounts.Service
	m, err := h.Members.ConfirmMailChange(r.Context(), tenancy.FromContext(r.Context()), b.Token)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	answer := map[string]any{"email": m.Email, "user": nil}
	if cur := accounts.CurrentMember(r.Context()); cur != nil && cur.ID == m.ID {
		u, err := Of(r.Context(), svc.Pool, m, svc.Now())
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		answer["user"] = u
	}
	httpx.WriteJSON(w, http.StatusOK, answer)
}

// Activate answers GET /api/activate.php?token=, the link of the
// activation mail: a redirect to /activate/done or /activate/error.
func (h Handlers) Activate(w http.ResponseWriter, r *http.Request) {
	err := h.Members.Activate(r.Context(), tenancy.FromContext(r.Context()), r.URL.Query().Get("token"))
	target := "/activate/done"
	if err != nil {
		target = "/activate/error"
		if refusal.As(err) == nil {
			httpx.Logger(r.Context()).Error("activation failed", "err", err)
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, target, http.StatusSeeOther)
}

// SetsPassword tells a reset-password.php call that sets the new password
// (?do=1) from one that asks for the mail; the route counts each against
// its own limit.
func SetsPassword(r *http.Request) bool {
	return r.URL.Query().Get("do") == "1"
}

// ResetPassword answers POST /api/reset-password.php?do=1 {token,
// password, password_repeat}: the new password is set; 204. Without ?do=1
// it is the request for a reset link, which accounts serves.
func (h Handlers) ResetPassword(w http.ResponseWriter, r *http.Request) {
	if !SetsPassword(r) {
		h.Accounts.RequestReset(w, r)
		return
	}
	var req accounts.ResetRequest
	if err := httpx.DecodeJSON(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := h.Members.Reset(r.Context(), tenancy.FromContext(r.Context()), req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.NoContent(w)
}

// DeleteAccount answers DELETE /api/account.php: 202, the account is
// deletion-pending, the session ends and a reactivation link is mailed.
func (h Handlers) DeleteAccount(w http.ResponseWriter, r *http.Request) {
	purgeAt, err := h.Members.RequestDeletion(r.Context(), tenancy.FromContext(r.Context()), accounts.CurrentMember(r.Context()), h.Accounts.BaseURL(r))
	h.deleted(w, r, purgeAt, err)
}

// Consent answers POST /api/consents.php {terms_version?,
// privacy_version?, orientation?}: the new state.
func (h Handlers) Consent(w http.ResponseWriter, r *http.Request) {
	var a accounts.ConsentAnswer
	if err := httpx.DecodeJSON(w, r, &a); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	t, m := tenancy.FromContext(r.Context()), accounts.CurrentMember(r.Context())
	if err := h.Members.Consent(r.Context(), t, m, a, httpx.ClientIP(r)); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.Accounts.Consents(w, r)
}

// WithdrawConsent answers DELETE /api/consents.php?kind=orientation: the
// withdrawal is recorded and the account deleted as by DELETE
// /api/account.php (202, the session ends, a reactivation link is mailed).
// The terms and the privacy statement cannot be withdrawn but by deleting
// the account.
func (h Handlers) WithdrawConsent(w http.ResponseWriter, r *http.Request) {
	if r.URL.Query().Get("kind") != accounts.ConsentOrientation {
		httpx.WriteError(w, r, accounts.ErrConsentKind)
		return
	}
	purgeAt, err := h.Members.WithdrawOrientation(r.Context(), tenancy.FromContext(r.Context()), accounts.CurrentMember(r.Context()),
		h.Accounts.BaseURL(r), httpx.ClientIP(r))
	h.deleted(w, r, purgeAt, err)
}

// deleted answers a deletion request that ended in err, or ends the
// session: the account is deletion-pending until purgeAt.
func (h Handlers) deleted(w http.ResponseWriter, r *http.Request, purgeAt time.Time, err error) {
	svc := h.Accounts.Service
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := svc.Sessions.End(r.Context()); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusAccepted, map[string]any{"status": accounts.StatusDeletionPending, "purge_at": purgeAt})
}

// PageHidden answers POST /api/page-hidden.php, the beacon the app sends when
// its page becomes hidden. A member's last activity is then the moment they
// left, which search ranking and "recently active" use; visitors get the same
// 204 so the beacon never shows an error. The body is not read: a beacon may
// carry anything.
func (h Handlers) PageHidden(w http.ResponseWriter, r *http.Request) {
	if m := accounts.CurrentMember(r.Context()); m != nil {
		h.Members.seen(r.Context(), m.ID)
	}
	httpx.NoContent(w)
}
