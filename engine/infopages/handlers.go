package infopages

import (
	"net/http"

	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/tenancy"
)

// Handler answers GET /api/page.php?name=terms[&lang=nl]: the page in the
// language asked for (any site language, so every language's page has an
// address), else in the request's site language.
func (p *Pages) Handler(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	lang := q.Get("lang")
	if lang == "" {
		lang = tenancy.LanguageFrom(r.Context())
	}
	page, err := p.Render(tenancy.FromContext(r.Context()), q.Get("name"), lang)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	httpx.WriteJSON(w, http.StatusOK, page)
}
