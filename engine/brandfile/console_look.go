package brandfile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

	"rendezvous/engine/looks"
	"rendezvous/engine/media"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
	"rendezvous/themes"
)

// LookHandlers are the console's calls on a brand's look: the choices its
// forms list (themes and layout variants), and the upload of the brand's
// own logo and icon into the media store, recorded in its file (look.logo,
// look.icon) with an audit row.
type LookHandlers struct {
	ConsoleHandlers
	// Store keeps the brand's images with the rest of the media.
	Store media.Store
	// Blobs releases a replaced image, deleted once nothing holds it.
	Blobs *media.Blobs
}

// ThemeChoice is a theme as the console's forms list it.
type ThemeChoice struct {
	Name   string        `json:"name"`
	Layout themes.Layout `json:"layout"`
	Logo   string        `json:"logo"`
	Icon   string        `json:"icon"`
}

// LookChoices are what a brand's look may choose.
type LookChoices struct {
	Themes        []ThemeChoice `json:"themes"`
	Home          []string      `json:"home"`
	Card          []string      `json:"card"`
	Nav           []string      `json:"nav"`
	Header        []string      `json:"header"`
	Footer        []string      `json:"footer"`
	Sections      []string      `json:"sections"`
	Images        []string      `json:"images"`
	MaxImageBytes int           `json:"max_image_bytes"`
}

// Choices answers the themes and the layout variants a brand may choose.
func (h LookHandlers) Choices(w http.ResponseWriter, r *http.Request) {
	out := LookChoices{Home: themes.HomeVariants, Card: themes.CardVariants, Nav: themes.NavVariants,
		Header: themes.HeaderVariants, Footer: themes.FooterVariants, Sections: themes.SectionIDs, Images: looks.Images, MaxImageBytes: looks.MaxImageBytes, Themes: []ThemeChoice{}}
	for _, name := range h.Themes.Names() {
		th, _ := h.Themes.Theme(name)
		out.Themes = append(out.Themes, ThemeChoice{Name: name, Layout: th.Layout, Logo: th.Logo, Icon: th.Icon})
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}

// UploadImage takes a brand's logo or icon (the body, PNG or SVG), stores
// it as PNG with the media and names it in the brand's file; the image it
// replaces is released. The answer is the brand's file.
func (h LookHandlers) UploadImage(w http.ResponseWriter, r *http.Request) {
	slug, kind := chi.URLParam(r, "tenant"), chi.URLParam(r, "image")
	body, err := imageBody(w, r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := looks.ImagePNG(kind, body)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	t, err := h.tenant(r.Context(), slug)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	key := media.NewKey() + "-" + kind + ".png"
	if err := h.Store.Put(r.Context(), key, out, "image/png"); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := h.recordImage(r, t, kind, media.URLPath+key, key); err != nil {
		// Nothing names the blob: it goes again.
		_ = h.Store.Delete(context.WithoutCancel(r.Context()), key)
		httpx.WriteError(w, r, err)
		return
	}
	h.invalidateTenants()
	h.answerTenant(w, r, http.StatusOK, slug)
}

// imageBody is the uploaded image: the multipart field "image" (a form's
// file input) or else the request's body, no larger than the limit.
func imageBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	// The multipart envelope adds its boundaries and headers.
	r.Body = http.MaxBytesReader(w, r.Body, looks.MaxImageBytes+16<<10)
	var src io.Reader = r.Body
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
		file, _, err := r.FormFile("image")
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			return nil, looks.ErrImageTooLarge
		case err != nil:
			return nil, looks.ErrImageType
		}
		defer file.Close()
		src = file
	}
	body, err := io.ReadAll(io.LimitReader(src, looks.MaxImageBytes+1))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) || len(body) > looks.MaxImageBytes {
		return nil, looks.ErrImageTooLarge
	}
	if err != nil {
		return nil, fmt.Errorf("read brand image: %w", err)
	}
	return body, nil
}

// recordImage names the stored image (url, key) as the brand's kind in its
// file, in one transaction with the image's reference, the release of the
// one it replaces and the audit row.
func (h LookHandlers) recordImage(r *http.Request, t *tenancy.Tenant, kind, url, key string) error {
	ctx := r.Context()
	f, err := tenancy.FileOf(t)
	if err != nil {
		return err
	}
	if f.Look.Rest == nil {
		f.Look.Rest = map[string]any{}
	}
	before, _ := f.Look.Rest[kind].(string)
	f.Look.Rest[kind] = url
	if err := Check(ctx, h.Outbound, h.Themes, f); err != nil {
		return err
	}
	by := staff.CurrentStaff(ctx)
	holder := media.Holder("brand_"+kind, t.ID)
	return pgx.BeginFunc(ctx, h.Staff.Pool, func(tx pgx.Tx) error {
		may := func(ctx context.Context, slug string) (bool, error) {
			if by == nil {
				return false, nil
			}
			return h.Staff.Policy.Allowed(ctx, by.ID, slug, "tenants", "write")
		}
		if err := tenancy.Save(ctx, tx, f, false, may); err != nil {
			return err
		}
		if err := h.Blobs.Release(ctx, tx, holder); err != nil {
			return err
		}
		if err := media.Hold(ctx, tx, holder, key); err != nil {
			return err
		}
		return staff.Record(ctx, tx, staff.Entry{By: by, Tenant: t.Slug, Action: "tenant." + kind, IP: httpx.ClientIP(r),
			Before: map[string]string{kind: before}, After: map[string]string{kind: url}})
	})
}

// tenant is the stored brand slug.
func (h LookHandlers) tenant(ctx context.Context, slug string) (*tenancy.Tenant, error) {
	all, err := h.Staff.Tenants.List(ctx)
	if err != nil {
		return nil, err
	}
	for _, t := range all {
		if t.Slug == slug {
			return t, nil
		}
	}
	return nil, tenancy.ErrNoTenant
}
