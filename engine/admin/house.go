package admin

import (
	"net/http"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/chat"
	"rendezvous/engine/membership"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/profiles"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
)

// The chat operators' inbox: conversations of a tenant's house profiles
// waiting for an answer, read and answered as the house profile. The rules
// live in engine/chat; these handlers check, call, audit and answer.

// ErrConversationID refuses a conversation id that is not a positive number.
var ErrConversationID = refusal.New(refusal.Invalid, "conversation_invalid", "The conversation id is not valid.")

// routeConversation reads the route's conversation id, writing the
// refusal when it is not one.
func routeConversation(w http.ResponseWriter, r *http.Request) int64 {
	id, ok := staff.PathID(r, "conversation")
	if !ok {
		httpx.WriteError(w, r, ErrConversationID)
		return 0
	}
	return id
}

// inbox answers the tenant's house-profile conversations waiting for an
// answer, the one waiting longest first.
func (h handlers) inbox(w http.ResponseWriter, r *http.Request) {
	t := h.s.RouteTenant(w, r)
	if t == nil {
		return
	}
	list, err := h.s.Chat.HouseInbox(r.Context(), t)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"conversations": list})
}

// inboxThread answers one conversation as its house profile sees it, with
// who answered each message.
func (h handlers) inboxThread(w http.ResponseWriter, r *http.Request) {
	t := h.s.RouteTenant(w, r)
	if t == nil {
		return
	}
	id := routeConversation(w, r)
	if id == 0 {
		return
	}
	th, err := h.s.Chat.OpenAsHouse(r.Context(), t, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, th)
}

// answerBody is POST /tenants/{tenant}/inbox/{conversation}: a text or a
// gift, with the client's idempotency key.
type answerBody struct {
	Text     string `json:"text"`
	GiftID   string `json:"gift_id"`
	ClientID string `json:"client_id"`
}

// answer sends a message as the conversation's house profile, written by
// the caller (recorded on the message and in the audit log); the member
// gets it live.
func (h handlers) answer(w http.ResponseWriter, r *http.Request) {
	t := h.s.RouteTenant(w, r)
	if t == nil {
		return
	}
	id := routeConversation(w, r)
	if id == 0 {
		return
	}
	var body answerBody
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	st := staff.CurrentStaff(r.Context())
	res, err := h.s.Chat.AnswerAsHouse(r.Context(), st.ID, chat.SendInput{
		Tenant: t, ConversationID: id, Text: body.Text, GiftID: body.GiftID, ClientID: body.ClientID,
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if !res.Replayed {
		// The message is sent in chat's own transaction; the audit row
		// follows it (a failure here is reported, the message stands).
		err = staff.Record(r.Context(), h.s.Pool, staff.Entry{By: st, Tenant: t.Slug, Action: "house.answer", IP: httpx.ClientIP(r),
			After: map[string]any{"conversation_id": id, "message_id": res.Message.ID, "house_id": res.Message.SenderID, "kind": res.Message.Kind}})
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"message": res.Message})
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

// houseList answers the tenant's house profiles with its fictional
// markers and the values the profile fields accept.
func (h handlers) houseList(w http.ResponseWriter, r *http.Request) {
	t := h.s.RouteTenant(w, r)
	if t == nil {
		return
	}
	list, err := profiles.HouseProfiles(r.Context(), h.s.Pool, t.ID, h.s.Now())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{
		"house_profiles": list, "fictional": fictionalOf(t), "options": profiles.Options, "countries": t.Countries,
	})
}

// houseGet answers one house profile with all its photos.
func (h handlers) houseGet(w http.ResponseWriter, r *http.Request) {
	t := h.s.RouteTenant(w, r)
	if t == nil {
		return
	}
	id := routeHouse(w, r)
	if id == 0 {
		return
	}
	p, err := profiles.HouseProfile(r.Context(), h.s.Pool, t.ID, id, h.s.Now())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"house_profile": p})
}

// houseCreate makes a house profile of the tenant, shown at once.
func (h handlers) houseCreate(w http.ResponseWriter, r *http.Request) {
	t := h.s.RouteTenant(w, r)
	if t == nil {
		return
	}
	var u profiles.Update
	if err := httpx.DecodeJSON(w, r, &u); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := h.s.Act(r, t, "house.create", func(tx pgx.Tx) (any, any, error) {
		p, err := membership.CreateHouse(r.Context(), tx, t, u, h.s.Now())
		return nil, p, err
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"house_profile": out})
}

// houseUpdate changes the fields present in the body.
func (h handlers) houseUpdate(w http.ResponseWriter, r *http.Request) {
	t := h.s.RouteTenant(w, r)
	if t == nil {
		return
	}
	id := routeHouse(w, r)
	if id == 0 {
		return
	}
	var u profiles.Update
	if err := httpx.DecodeJSON(w, r, &u); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := h.s.Act(r, t, "house.update", func(tx pgx.Tx) (any, any, error) {
		return profiles.UpdateHouse(r.Context(), tx, t, id, u, h.s.Now())
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"house_profile": out})
}

// houseStatus retires a house profile (hidden) or shows it again (active).
func (h handlers) houseStatus(w http.ResponseWriter, r *http.Request) {
	t := h.s.RouteTenant(w, r)
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
	if body.Status == profiles.StatusActive {
		action = "house.restore"
	}
	_, err := h.s.Act(r, t, action, func(tx pgx.Tx) (any, any, error) {
		before, after, err := profiles.SetHouseStatus(r.Context(), tx, t.ID, id, body.Status, h.s.Now())
		return map[string]any{"id": id, "status": before}, map[string]any{"id": id, "status": after}, err
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.houseGet(w, r)
}

// housePhotoAdd uploads a photo (multipart field "photo") to a house
// profile through the members' photo pipeline; it is shown at once.
func (h handlers) housePhotoAdd(w http.ResponseWriter, r *http.Request) {
	t := h.s.RouteTenant(w, r)
	if t == nil {
		return
	}
	id := routeHouse(w, r)
	if id == 0 {
		return
	}
	data, err := h.s.Profiles.ReadUpload(w, r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	img, err := h.s.Profiles.AddHousePhoto(r.Context(), t.ID, id, data)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	err = staff.Record(r.Context(), h.s.Pool, staff.Entry{By: staff.CurrentStaff(r.Context()), Tenant: t.Slug, Action: "house.photo_add",
		IP: httpx.ClientIP(r), After: map[string]any{"profile_id": id, "photo": img}})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"photo": img})
}

// housePhotoDelete removes a photo of a house profile.
func (h handlers) housePhotoDelete(w http.ResponseWriter, r *http.Request) {
	t := h.s.RouteTenant(w, r)
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
	before, err := profiles.HouseProfile(r.Context(), h.s.Pool, t.ID, id, h.s.Now())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := h.s.Profiles.DeleteHousePhoto(r.Context(), t.ID, id, photo); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var was any
	for _, p := range before.Photos {
		if p.ID == photo {
			was = p
		}
	}
	err = staff.Record(r.Context(), h.s.Pool, staff.Entry{By: staff.CurrentStaff(r.Context()), Tenant: t.Slug, Action: "house.photo_delete",
		IP: httpx.ClientIP(r), Before: map[string]any{"profile_id": id, "photo": was}})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.NoContent(w)
}
