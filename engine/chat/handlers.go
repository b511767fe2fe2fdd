package chat

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"time"

	"rendezvous/engine/identity"
	"rendezvous/engine/live"
	"rendezvous/engine/media"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// Handlers serve the chat calls of the member API; house profiles
// are answered in the operators' console (engine/admin). Every call but gifts.php needs a logged-in member (the route
// table puts them behind identity.RequireMember).
type Handlers struct {
	Service *Service
	Hub     *live.Hub
	// Heartbeat is the event stream's keep-alive interval; 0 means
	// live.DefaultHeartbeat.
	Heartbeat time.Duration
}

// memberID is the logged-in member; the route table guarantees one.
func memberID(r *http.Request) int64 { return identity.Current(r.Context()).ID }

// queryID reads a required id from the query string.
func queryID(r *http.Request, name string) (int64, error) {
	id, ok := httpx.ID(r.URL.Query().Get(name))
	if !ok {
		return 0, errIDInvalid.With(map[string]any{"field": name})
	}
	return id, nil
}

// Chats answers GET /api/chats.php.
func (h Handlers) Chats(w http.ResponseWriter, r *http.Request) {
	list, err := h.Service.List(r.Context(), tenancy.FromContext(r.Context()), memberID(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, list)
}

// Chat answers GET /api/chat.php?id= (a conversation) or ?profile_id= (the
// conversation with a profile, conversation id 0 when there is none yet).
func (h Handlers) Chat(w http.ResponseWriter, r *http.Request) {
	t, member := tenancy.FromContext(r.Context()), memberID(r)
	var (
		c   Chat
		err error
	)
	if r.URL.Query().Has("profile_id") {
		var profile int64
		if profile, err = queryID(r, "profile_id"); err == nil {
			c, err = h.Service.With(r.Context(), t, member, profile)
		}
	} else {
		var id int64
		if id, err = queryID(r, "id"); err == nil {
			c, err = h.Service.Get(r.Context(), t, member, id)
		}
	}
	var left int
	if err == nil {
		left, err = h.Service.FreeMessagesLeft(r.Context(), member)
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	c.FreeMessagesLeft = &left
	httpx.WriteJSON(w, http.StatusOK, c)
}

// conversationField reads a conversation given as {id} or as a bare id.
type conversationField struct{ ID int64 }

func (c *conversationField) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '{' {
		var ref struct {
			ID int64 `json:"id"`
		}
		if err := json.Unmarshal(b, &ref); err != nil {
			return err
		}
		c.ID = ref.ID
		return nil
	}
	return json.Unmarshal(b, &c.ID)
}

// HideChat answers DELETE /api/chat.php {conversation: {id}}: the
// conversation leaves this member's list only.
func (h Handlers) HideChat(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Conversation conversationField `json:"conversation"`
	}
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := h.Service.Hide(r.Context(), memberID(r), body.Conversation.ID); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.NoContent(w)
}

// Messages answers GET /api/messages.php?conversation=: the visible
// messages, oldest first, and marks the conversation read.
func (h Handlers) Messages(w http.ResponseWriter, r *http.Request) {
	id, err := queryID(r, "conversation")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	th, err := h.Service.Open(r.Context(), tenancy.FromContext(r.Context()), memberID(r), id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, th)
}

// sendBody is the body of POST /api/messages.php.
type sendBody struct {
	ProfileID    int64             `json:"profile_id"`
	Conversation conversationField `json:"conversation"`
	Text         string            `json:"text"`
	GiftID       string            `json:"gift_id"`
	// Photo is the id of one of the sender's own profile photos.
	Photo    int64  `json:"photo"`
	ClientID string `json:"client_id"`
}

func (b sendBody) input(t *tenancy.Tenant, sender int64) SendInput {
	return SendInput{
		Tenant: t, SenderID: sender, ProfileID: b.ProfileID, ConversationID: b.Conversation.ID,
		Text: b.Text, GiftID: b.GiftID, PhotoID: b.Photo, ClientID: b.ClientID,
	}
}

// Send answers POST /api/messages.php: 201 {message, credits}; a retry with
// the same client_id answers 200 with the first message, charged once.
// A multipart body (fields profile_id or conversation, client_id, and the
// file "photo") sends an uploaded photo.
func (h Handlers) Send(w http.ResponseWriter, r *http.Request) {
	t, sender := tenancy.FromContext(r.Context()), memberID(r)
	if IsUpload(r) {
		body, upload, err := h.readUpload(w, r)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		res, err := h.Service.SendUpload(r.Context(), body.input(t, sender), upload)
		writeSent(w, r, res, err)
		return
	}
	var body sendBody
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	in := body.input(t, sender)
	// An upload counted against the limit on its route, before its photo
	// was processed; this send counts in its own transaction.
	in.RateLimited = true
	res, err := h.Service.Send(r.Context(), in)
	writeSent(w, r, res, err)
}

// IsUpload tells whether a send carries its photo (a multipart body); the
// route counts these against the limit before the photo is read.
func IsUpload(r *http.Request) bool {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return mt == "multipart/form-data"
}

// multipartSlack is what an upload may carry beside the photo (boundaries,
// part headers, the small fields).
const multipartSlack = 64 << 10

// errIDInvalid refuses an id parameter that is no positive number.
var errIDInvalid = refusal.New(refusal.Invalid, "id_invalid", "The {field} must be a positive number.")

// readUpload reads the fields and the photo of a multipart send, refusing
// bodies larger than the image limit without reading on.
func (h Handlers) readUpload(w http.ResponseWriter, r *http.Request) (sendBody, []byte, error) {
	var body sendBody
	if h.Service.Images == nil {
		return body, nil, ErrNoUploads
	}
	maxBytes := h.Service.Images.Limits.MaxBytes
	r.Body = http.MaxBytesReader(w, r.Body, int64(maxBytes)+multipartSlack)
	mr, err := r.MultipartReader()
	if err != nil {
		return body, nil, media.ErrPhotoMissing
	}
	var photo []byte
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return body, nil, media.ErrFileTooBig
		}
		if err != nil {
			return body, nil, media.ErrUploadUnreadable
		}
		limit := int64(1 << 10)
		if part.FormName() == "photo" {
			limit = int64(maxBytes) + 1
		}
		data, err := io.ReadAll(io.LimitReader(part, limit))
		if errors.As(err, &tooBig) || int64(len(data)) >= limit && part.FormName() == "photo" {
			return body, nil, media.ErrFileTooBig
		}
		if err != nil {
			return body, nil, media.ErrUploadUnreadable
		}
		value := string(data)
		switch part.FormName() {
		case "photo":
			photo = data
		case "client_id":
			body.ClientID = value
		case "profile_id", "conversation":
			id, ok := httpx.ID(value)
			if !ok {
				return body, nil, errIDInvalid.With(map[string]any{"field": part.FormName()})
			}
			if part.FormName() == "profile_id" {
				body.ProfileID = id
			} else {
				body.Conversation.ID = id
			}
		}
	}
	if len(photo) == 0 {
		return body, nil, media.ErrPhotoMissing
	}
	return body, photo, nil
}

func writeSent(w http.ResponseWriter, r *http.Request, res SendResult, err error) {
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	status := http.StatusCreated
	if res.Replayed {
		status = http.StatusOK
	}
	httpx.WriteJSON(w, status, res)
}

// GiftList answers GET /api/gifts.php: the tenant's gift catalogue.
func (h Handlers) GiftList(w http.ResponseWriter, r *http.Request) {
	gifts, err := Gifts(tenancy.FromContext(r.Context()))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, gifts)
}

// Events answers GET /api/events: the member's live event stream.
func (h Handlers) Events(w http.ResponseWriter, r *http.Request) {
	m := identity.Current(r.Context())
	h.Hub.Serve(w, r, live.Login{Member: m.ID, Epoch: m.Epoch, Session: m.Session}, h.Heartbeat)
}
