package profiles

import (
	"errors"
	"io"
	"net/http"

	"rendezvous/engine/identity"
	"rendezvous/engine/media"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// Handlers serves the profile calls of the member API: profile.php,
// photos.php, member.php, block.php and complaints.php.
type Handlers struct {
	Service *Service
}

// viewerOf is the request's logged-in member as the profile rules see
// them, or nil for a visitor.
func viewerOf(r *http.Request) *Viewer {
	m := identity.Current(r.Context())
	if m == nil {
		return nil
	}
	return &Viewer{ID: m.ID, PaidUser: m.PaidUser}
}

// viewer is the logged-in member; routes that need one are behind
// identity.RequireMember, and this refuses again should one not be.
func (h Handlers) viewer(w http.ResponseWriter, r *http.Request) *Viewer {
	if identity.MemberOnly(w, r) == nil {
		return nil
	}
	return viewerOf(r)
}

type profileAnswer struct {
	Profile    Profile             `json:"profile"`
	Options    map[string][]string `json:"options,omitempty"`
	PhotoLimit int                 `json:"photo_limit"`
}

// OwnProfile answers GET /api/profile.php: the member's profile with every
// field, the accepted values of the enumerated fields and the photo limit.
func (h Handlers) OwnProfile(w http.ResponseWriter, r *http.Request) {
	v := h.viewer(w, r)
	if v == nil {
		return
	}
	p, err := Own(r.Context(), h.Service.Pool, v.ID, h.Service.Now())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, profileAnswer{Profile: p, Options: Options, PhotoLimit: PhotoLimit(v.PaidUser)})
}

// UpdateProfile answers PUT /api/profile.php.
func (h Handlers) UpdateProfile(w http.ResponseWriter, r *http.Request) {
	v := h.viewer(w, r)
	if v == nil {
		return
	}
	var u Update
	if err := httpx.DecodeJSON(w, r, &u); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	p, err := h.Service.UpdateOwn(r.Context(), tenancy.FromContext(r.Context()), v.ID, u)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, profileAnswer{Profile: p, PhotoLimit: PhotoLimit(v.PaidUser)})
}

type photosAnswer struct {
	PhotoState
	Photo *Image `json:"photo,omitempty"`
}

func (h Handlers) writePhotos(w http.ResponseWriter, r *http.Request, v *Viewer, status int, added *Image) {
	st, err := h.Service.OwnPhotos(r.Context(), v.ID, v.PaidUser)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, status, photosAnswer{PhotoState: st, Photo: added})
}

// Photos answers GET /api/photos.php: the member's photos and limit.
func (h Handlers) Photos(w http.ResponseWriter, r *http.Request) {
	if v := h.viewer(w, r); v != nil {
		h.writePhotos(w, r, v, http.StatusOK, nil)
	}
}

// multipartSlack is what a multipart body may carry beside the photo
// itself (boundaries, part headers, small fields).
const multipartSlack = 64 << 10

// UploadPhoto answers POST /api/photos.php with a multipart field "photo":
// 201 and the member's photos, the new one also as "photo".
func (h Handlers) UploadPhoto(w http.ResponseWriter, r *http.Request) {
	v := h.viewer(w, r)
	if v == nil {
		return
	}
	maxBytes := h.Service.Images.Limits.MaxBytes
	r.Body = http.MaxBytesReader(w, r.Body, int64(maxBytes)+multipartSlack)
	data, err := readPhotoPart(r, maxBytes)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	t := tenancy.FromContext(r.Context())
	img, err := h.Service.AddPhoto(r.Context(), v.ID, data, t.Settings.PhotoModeration)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.writePhotos(w, r, v, http.StatusCreated, &img)
}

// readPhotoPart reads the "photo" part of a multipart upload into memory,
// refusing more than maxBytes without reading on.
func readPhotoPart(r *http.Request, maxBytes int) ([]byte, error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, media.ErrPhotoMissing
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return nil, media.ErrPhotoMissing
		}
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				return nil, media.ErrFileTooBig
			}
			return nil, media.ErrUploadUnreadable
		}
		if part.FormName() != "photo" {
			continue
		}
		data, err := io.ReadAll(io.LimitReader(part, int64(maxBytes)+1))
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig), len(data) > maxBytes:
			return nil, media.ErrFileTooBig
		case err != nil:
			return nil, media.ErrUploadUnreadable
		}
		return data, nil
	}
}

func photoID(r *http.Request) (int64, error) {
	id, ok := httpx.ID(r.URL.Query().Get("id"))
	if !ok {
		return 0, refusal.New(refusal.Invalid, "id_invalid", "id must be a positive whole number.")
	}
	return id, nil
}

// DeletePhoto answers DELETE /api/photos.php?id=.
func (h Handlers) DeletePhoto(w http.ResponseWriter, r *http.Request) {
	v := h.viewer(w, r)
	if v == nil {
		return
	}
	id, err := photoID(r)
	if err == nil {
		err = h.Service.DeletePhoto(r.Context(), v.ID, id)
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.writePhotos(w, r, v, http.StatusOK, nil)
}

// photoOrder is the body of PUT /api/photos.php without an id: the
// member's photo ids in their new order, the first becoming main.
type photoOrder struct {
	Order []int64 `json:"order"`
}

// ChangePhotos answers PUT /api/photos.php?id=&main=1 (make one photo the
// main one) and PUT /api/photos.php {order: [ids]} (reorder all).
func (h Handlers) ChangePhotos(w http.ResponseWriter, r *http.Request) {
	v := h.viewer(w, r)
	if v == nil {
		return
	}
	var err error
	if r.URL.Query().Has("id") {
		var id int64
		id, err = photoID(r)
		if err == nil && r.URL.Query().Get("main") != "1" {
			err = refusal.New(refusal.Invalid, "main_required", "Only main=1 can be changed on one photo.")
		}
		if err == nil {
			err = h.Service.MakeMain(r.Context(), v.ID, id)
		}
	} else {
		var o photoOrder
		if err = httpx.DecodeJSON(w, r, &o); err == nil {
			err = h.Service.Reorder(r.Context(), v.ID, o.Order)
		}
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.writePhotos(w, r, v, http.StatusOK, nil)
}

// Member answers GET /api/member.php?id=: another member's profile as the
// viewer may see it.
func (h Handlers) Member(w http.ResponseWriter, r *http.Request) {
	t := tenancy.FromContext(r.Context())
	v := viewerOf(r)
	if v == nil && !LoggedOutMayBrowse(r, t) {
		httpx.WriteError(w, r, identity.ErrAuthenticationRequired)
		return
	}
	id, ok := httpx.ID(r.URL.Query().Get("id"))
	if !ok {
		httpx.WriteError(w, r, refusal.New(refusal.Invalid, "id_invalid", "id must be a positive whole number."))
		return
	}
	p, err := h.Service.MemberView(r.Context(), t, v, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if v != nil {
		// A visit that cannot be noted costs the weekly count one, not the
		// member the profile.
		if err := h.Service.RecordVisit(r.Context(), t, v.ID, id); err != nil && h.Service.Log != nil {
			h.Service.Log.Error("profile visit not recorded", "err", err)
		}
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"profile": p})
}

// MemberLanding answers GET /api/member-landing.php?id=: the profile of an
// affiliate's member landing (LandingView). Unlike member.php it neither
// clears a like nor counts a visit: a landing is an advertisement, not a
// member opening a profile.
func (h Handlers) MemberLanding(w http.ResponseWriter, r *http.Request) {
	id, ok := httpx.ID(r.URL.Query().Get("id"))
	if !ok {
		httpx.WriteError(w, r, refusal.New(refusal.Invalid, "id_invalid", "id must be a positive whole number."))
		return
	}
	p, err := h.Service.LandingView(r, viewerOf(r), id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"profile": p})
}

// blockBody is the body of POST and DELETE /api/block.php.
type blockBody struct {
	ProfileID int64 `json:"profile_id"`
}

// errProfileIDInvalid refuses a block or unblock without a usable profile id.
var errProfileIDInvalid = refusal.New(refusal.Invalid, "profile_id_invalid", "profile_id must be a positive whole number.")

func blockTarget(w http.ResponseWriter, r *http.Request) (int64, error) {
	if s := r.URL.Query().Get("profile_id"); s != "" && r.Method == http.MethodDelete {
		// DELETE bodies are dropped by some proxies; the query works too.
		id, ok := httpx.ID(s)
		if !ok {
			return 0, errProfileIDInvalid
		}
		return id, nil
	}
	var b blockBody
	if err := httpx.DecodeJSON(w, r, &b); err != nil {
		return 0, err
	}
	if b.ProfileID <= 0 {
		return 0, errProfileIDInvalid
	}
	return b.ProfileID, nil
}

// Block answers POST /api/block.php {profile_id}: 204.
func (h Handlers) Block(w http.ResponseWriter, r *http.Request) {
	v := h.viewer(w, r)
	if v == nil {
		return
	}
	id, err := blockTarget(w, r)
	if err == nil {
		err = Block(r.Context(), h.Service.Pool, tenancy.FromContext(r.Context()).ProfilePool, v.ID, id)
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.NoContent(w)
}

// Unblock answers DELETE /api/block.php {profile_id} (or ?profile_id=): 204.
func (h Handlers) Unblock(w http.ResponseWriter, r *http.Request) {
	v := h.viewer(w, r)
	if v == nil {
		return
	}
	id, err := blockTarget(w, r)
	if err == nil {
		err = Unblock(r.Context(), h.Service.Pool, v.ID, id)
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.NoContent(w)
}

// Blocked answers GET /api/block.php: {profiles: [{id, name, main_image}]}.
func (h Handlers) Blocked(w http.ResponseWriter, r *http.Request) {
	v := h.viewer(w, r)
	if v == nil {
		return
	}
	list, err := BlockedList(r.Context(), h.Service.Pool, v.ID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"profiles": list})
}

// FileComplaint answers POST /api/complaints.php: 201 {complaint}. Visitors
// may complain too (the footer links the page), giving an email address.
func (h Handlers) FileComplaint(w http.ResponseWriter, r *http.Request) {
	var in ComplaintInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var memberID int64
	if v := viewerOf(r); v != nil {
		memberID = v.ID
	}
	t := tenancy.FromContext(r.Context())
	c, err := FileComplaint(r.Context(), h.Service.Pool, t.ID, t.ProfilePool, memberID, in)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"complaint": c})
}

// Complaints answers GET /api/complaints.php: the member's own complaints.
func (h Handlers) Complaints(w http.ResponseWriter, r *http.Request) {
	v := h.viewer(w, r)
	if v == nil {
		return
	}
	list, err := OwnComplaints(r.Context(), h.Service.Pool, v.ID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"complaints": list})
}

// noteBody is the body of PUT /api/note.php.
type noteBody struct {
	ProfileID int64  `json:"profile_id"`
	Text      string `json:"text"`
}

// noteAnswer is the answer of note.php: the note, or null when the member
// keeps none on that profile.
type noteAnswer struct {
	Note *Note `json:"note"`
}

func answerNote(n Note, ok bool) noteAnswer {
	if !ok {
		return noteAnswer{}
	}
	return noteAnswer{Note: &n}
}

// Note answers GET /api/note.php?profile_id=: the member's private note on
// that profile (the chat shows it beside the conversation).
func (h Handlers) Note(w http.ResponseWriter, r *http.Request) {
	v := h.viewer(w, r)
	if v == nil {
		return
	}
	id, ok := httpx.ID(r.URL.Query().Get("profile_id"))
	if !ok {
		httpx.WriteError(w, r, errProfileIDInvalid)
		return
	}
	n, ok, err := h.Service.Note(r.Context(), tenancy.FromContext(r.Context()), v.ID, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, answerNote(n, ok))
}

// SaveNote answers PUT /api/note.php {profile_id, text}: the saved note, or
// null when blank text cleared it.
func (h Handlers) SaveNote(w http.ResponseWriter, r *http.Request) {
	v := h.viewer(w, r)
	if v == nil {
		return
	}
	var b noteBody
	if err := httpx.DecodeJSON(w, r, &b); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if b.ProfileID <= 0 {
		httpx.WriteError(w, r, errProfileIDInvalid)
		return
	}
	n, ok, err := h.Service.SaveNote(r.Context(), tenancy.FromContext(r.Context()), v.ID, b.ProfileID, b.Text)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, answerNote(n, ok))
}
