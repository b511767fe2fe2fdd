package profiles

import (
	"net/http"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
)

// ConsoleHandlers are the operators' console's calls on profiles: the
// photo queue and its decisions, complaints and their status, and house
// profiles (listed, edited, retired and shown again, their photos). They
// parse, call this package and answer; the console's route table (package
// admin) guards each call, and every change writes its audit row (package
// staff) in the change's transaction, photos excepted: their blobs are
// stored first, so their audit row follows the photo's own transaction.
type ConsoleHandlers struct {
	Staff   *staff.Service
	Service *Service
}

// queueLimit is the length of a page of the photo queue and the complaints.
const queueLimit = 50

// PhotoQueue answers GET .../moderation/photos?status=pending|active|rejected&after_id=.
func (h ConsoleHandlers) PhotoQueue(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	after, err := staff.QueryID(r, "after_id")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	status := r.URL.Query().Get("status")
	if status == "" {
		status = PhotoPending
	}
	list, err := PhotoQueue(r.Context(), h.Service.Pool, t, status, after, queueLimit, h.Staff.Now())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"photos": list, "photo_moderation": t.Settings.PhotoModeration})
}

// PhotoDecision sets a photo's status (approve: active; reject: rejected,
// with the reason the member is shown), audited as action.
func (h ConsoleHandlers) PhotoDecision(status, action string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		t := h.Staff.RouteTenant(w, r)
		if t == nil {
			return
		}
		var body struct {
			Reason string `json:"reason"`
		}
		if status == PhotoRejected {
			if err := httpx.DecodeJSON(w, r, &body); err != nil {
				httpx.WriteError(w, r, err)
				return
			}
		}
		id, ok := staff.PathID(r, "photo")
		if !ok {
			httpx.WriteError(w, r, ErrPhotoNotFound)
			return
		}
		out, err := h.Staff.Act(r, t, action, func(tx pgx.Tx) (any, any, error) {
			before, after, err := ModeratePhoto(r.Context(), tx, t.ID, id, status, body.Reason)
			return before, after, err
		})
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		httpx.WriteJSON(w, http.StatusOK, map[string]any{"photo": out})
	}
}

// Complaints answers GET .../moderation/complaints?status=open&before_id=.
func (h ConsoleHandlers) Complaints(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	before, err := staff.QueryID(r, "before_id")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	status := r.URL.Query().Get("status")
	if status == "" {
		status = ComplaintOpen
	}
	list, err := TenantComplaints(r.Context(), h.Service.Pool, t.ID, status, before, queueLimit)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"complaints": list})
}

// ComplaintStatus moves a complaint to another status.
func (h ConsoleHandlers) ComplaintStatus(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	var body struct {
		Status string `json:"status"`
	}
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	id, ok := staff.PathID(r, "complaint")
	if !ok {
		httpx.WriteError(w, r, ErrComplaintNotFound)
		return
	}
	out, err := h.Staff.Act(r, t, "complaint.status", func(tx pgx.Tx) (any, any, error) {
		before, after, err := SetComplaintStatus(r.Context(), tx, t.ID, id, body.Status, h.Staff.Now())
		return before, after, err
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"complaint": out})
}

// House profiles in the console: a tenant's house profiles listed, made,
// edited, retired (hidden) and shown again, and their photos. The profiles
// and accounts areas own the rules and tables; each change and its audit
// row (before and after) are one transaction, photos excepted: their blobs
// are stored first, so their audit row follows the photo's own
// transaction.

// ErrHouseProfileID refuses a house profile id that is not a positive
// number.
var ErrHouseProfileID = refusal.New(refusal.Invalid, "house_profile_invalid", "The house profile id is not valid.")

// ErrPhotoID refuses a photo id that is not a positive number.
var ErrPhotoID = refusal.New(refusal.Invalid, "photo_invalid", "The photo id is not valid.")

// routeHouse reads the route's house profile id, writing the refusal when
// it is not one.
func routeHouse(w http.ResponseWriter, r *http.Request) int64 {
	id, ok := staff.PathID(r, "profile")
	if !ok {
		httpx.WriteError(w, r, ErrHouseProfileID)
		return 0
	}
	return id
}

// Fictional is the tenant's marking of house profiles on the member site
// (the tenant settings fictional_warning, fictional_singular,
// fictional_plural and fictional_icon), which the console shows beside them.
type Fictional struct {
	Warning  string `json:"warning"`
	Singular string `json:"singular"`
	Plural   string `json:"plural"`
	Icon     string `json:"icon"`
}

func fictionalOf(t *tenancy.Tenant) Fictional {
	s := t.Settings
	return Fictional{Warning: s.FictionalWarning, Singular: s.FictionalSingular, Plural: s.FictionalPlural, Icon: s.FictionalIcon}
}

// HouseList answers the tenant's house profiles with its fictional
// markers and the values the profile fields accept.
func (h ConsoleHandlers) HouseList(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	list, err := HouseProfiles(r.Context(), h.Service.Pool, t.ID, h.Staff.Now())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{
		"house_profiles": list, "fictional": fictionalOf(t), "options": Options, "countries": t.Countries,
	})
}

// HouseGet answers one house profile with all its photos.
func (h ConsoleHandlers) HouseGet(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	id := routeHouse(w, r)
	if id == 0 {
		return
	}
	p, err := HouseProfile(r.Context(), h.Service.Pool, t.ID, id, h.Staff.Now())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"house_profile": p})
}

// HouseUpdate changes the fields present in the body.
func (h ConsoleHandlers) HouseUpdate(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	id := routeHouse(w, r)
	if id == 0 {
		return
	}
	var u Update
	if err := httpx.DecodeJSON(w, r, &u); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := h.Staff.Act(r, t, "house.update", func(tx pgx.Tx) (any, any, error) {
		return UpdateHouse(r.Context(), tx, t, id, u, h.Staff.Now())
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"house_profile": out})
}

// HouseStatus retires a house profile (hidden) or shows it again (active).
func (h ConsoleHandlers) HouseStatus(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	id := routeHouse(w, r)
	if id == 0 {
		return
	}
	var body struct {
		Status string `json:"status"`
	}
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	action := "house.retire"
	if body.Status == StatusActive {
		action = "house.restore"
	}
	_, err := h.Staff.Act(r, t, action, func(tx pgx.Tx) (any, any, error) {
		before, after, err := SetHouseStatus(r.Context(), tx, t.ID, id, body.Status, h.Staff.Now())
		return map[string]any{"id": id, "status": before}, map[string]any{"id": id, "status": after}, err
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.HouseGet(w, r)
}

// HousePhotoAdd uploads a photo (multipart field "photo") to a house
// profile through the members' photo pipeline; it is shown at once.
func (h ConsoleHandlers) HousePhotoAdd(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	id := routeHouse(w, r)
	if id == 0 {
		return
	}
	data, err := h.Service.ReadUpload(w, r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	img, err := h.Service.AddHousePhoto(r.Context(), t.ID, id, data)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	err = staff.Record(r.Context(), h.Service.Pool, staff.Entry{By: staff.CurrentStaff(r.Context()), Tenant: t.Slug, Action: "house.photo_add",
		IP: httpx.ClientIP(r), After: map[string]any{"profile_id": id, "photo": img}})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"photo": img})
}

// HousePhotoDelete removes a photo of a house profile.
func (h ConsoleHandlers) HousePhotoDelete(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	id := routeHouse(w, r)
	if id == 0 {
		return
	}
	photo, ok := staff.PathID(r, "photo")
	if !ok {
		httpx.WriteError(w, r, ErrPhotoID)
		return
	}
	before, err := HouseProfile(r.Context(), h.Service.Pool, t.ID, id, h.Staff.Now())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := h.Service.DeleteHousePhoto(r.Context(), t.ID, id, photo); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var was any
	for _, p := range before.Photos {
		if p.ID == photo {
			was = p
		}
	}
	err = staff.Record(r.Context(), h.Service.Pool, staff.Entry{By: staff.CurrentStaff(r.Context()), Tenant: t.Slug, Action: "house.photo_delete",
		IP: httpx.ClientIP(r), Before: map[string]any{"profile_id": id, "photo": was}})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.NoContent(w)
}
