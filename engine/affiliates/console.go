package affiliates

import (
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/landerpages"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
)

// ConsoleHandlers are the operators' console's calls on traffic sources: the
// traffic report and the postbacks, both read only. It parses, calls and
// answers; the console's route table (package admin) guards each call.
type ConsoleHandlers struct {
	Staff *staff.Service
	Pool  *pgxpool.Pool
	// Links makes the brands' addresses of an affiliate's links; nil is
	// plain http on the brand's host.
	Links *tenancy.Links
}

// trafficAnswer is the traffic report of a tenant.
type trafficAnswer struct {
	Tenant   string `json:"tenant"`
	TimeZone string `json:"time_zone"`
	Report
}

// TrafficReport answers GET /reports/traffic?tenant=&from=&to=: visits,
// signups, activations, first purchases and revenue per traffic source of
// the tenant, from and to being days of its time zone (both included; the
// last 30 days up to today without them).
func (h ConsoleHandlers) TrafficReport(w http.ResponseWriter, r *http.Request) {
	span, err := h.reportSpanOf(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	report, err := Traffic(r.Context(), h.Pool, span.tenant.ID, span.loc, span.first, span.last)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, trafficAnswer{Tenant: span.tenant.Slug, TimeZone: span.loc.String(), Report: report})
}

// reportSpan is what both reports are asked: a tenant, and days of its time
// zone from first to last (both included).
type reportSpan struct {
	tenant      *tenancy.Tenant
	loc         *time.Location
	first, last time.Time
}

// reportSpanOf reads ?tenant=, ?from= and ?to=.
func (h ConsoleHandlers) reportSpanOf(r *http.Request) (reportSpan, error) {
	q := r.URL.Query()
	t, err := h.Staff.TenantBySlug(r.Context(), q.Get("tenant"))
	if err != nil {
		return reportSpan{}, err
	}
	loc := t.Location
	if loc == nil {
		loc = time.UTC
	}
	first, last, err := Span(q.Get("from"), q.Get("to"), loc, h.Staff.Now())
	if err != nil {
		return reportSpan{}, err
	}
	return reportSpan{tenant: t, loc: loc, first: first, last: last}, nil
}

// postbackAnswer is the postbacks of a tenant.
type postbackAnswer struct {
	Tenant   string `json:"tenant"`
	TimeZone string `json:"time_zone"`
	PostbackLog
}

// PostbackReport answers GET /reports/postbacks?tenant=&from=&to=: the
// postbacks the tenant's members' events made in those days (the traffic
// report's span), newest first, with their status and last call, read
// only: what each network was told and what it answered.
func (h ConsoleHandlers) PostbackReport(w http.ResponseWriter, r *http.Request) {
	span, err := h.reportSpanOf(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	log, err := RecentPostbacks(r.Context(), h.Pool, span.tenant.ID, span.loc, span.first, span.last)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, postbackAnswer{Tenant: span.tenant.Slug, TimeZone: span.loc.String(), PostbackLog: log})
}

// scopeOf is the affiliate scope of the request's staff member: every call
// of an affiliate is narrowed by it, and staff without one (who hold no
// own_traffic permission anyway) are refused.
func scopeOf(r *http.Request) (staff.AffiliateScope, error) {
	st := staff.CurrentStaff(r.Context())
	if st == nil || st.Affiliate == nil {
		return staff.AffiliateScope{}, staff.ErrForbidden
	}
	return *st.Affiliate, nil
}

// AffiliateBrand is a brand an affiliate promotes and the address its
// links start with.
type AffiliateBrand struct {
	Slug     string `json:"slug"`
	Name     string `json:"name"`
	BaseURL  string `json:"base_url"`
	TimeZone string `json:"time_zone"`
	Niche    int    `json:"niche"`
}

// Niche is a lander niche as links name it (?niche=).
type Niche struct {
	Number int    `json:"number"`
	Name   string `json:"name"`
}

// affiliateHome is what an affiliate's console starts from.
type affiliateHome struct {
	Affiliate staff.AffiliateScope `json:"affiliate"`
	Brands    []AffiliateBrand     `json:"brands"`
	// Landers are the landers' names (/landers/{name}/{slug?}) and
	// MemberLandings the member landings' designs
	// (/members/{id}/{design}/{slug?}).
	Landers        []string `json:"landers"`
	MemberLandings []string `json:"member_landings"`
	Niches         []Niche  `json:"niches"`
	// Parameters are the query parameters of a tracking link the engine
	// reads, and BounceParameter the one that measures bounces.
	Parameters      []string `json:"parameters"`
	BounceParameter string   `json:"bounce_parameter"`
}

// AffiliateHome answers GET /affiliate: the affiliate's scope, the brands
// it promotes (those it holds the affiliate role on) with their addresses,
// and what its tracking links may name: every lander, member landing
// design and niche, and the parameters the engine reads.
func (h ConsoleHandlers) AffiliateHome(w http.ResponseWriter, r *http.Request) {
	scope, err := scopeOf(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	all, err := h.Staff.Tenants.List(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	st := staff.CurrentStaff(r.Context())
	links := h.Links
	if links == nil {
		links = &tenancy.Links{}
	}
	out := affiliateHome{Affiliate: scope, Brands: []AffiliateBrand{}, Landers: landerpages.Names, MemberLandings: landerpages.MemberLandings,
		Parameters: []string{"network", "ref", "sub1", "sub2", "sub3"}, BounceParameter: BounceParam}
	for i, name := range landerpages.NicheNames {
		out.Niches = append(out.Niches, Niche{Number: i + 1, Name: name})
	}
	for _, t := range all {
		ok, err := h.Staff.Policy.Allowed(r.Context(), st.ID, t.Slug, "own_traffic", "read")
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		if ok {
			loc := "UTC"
			if t.Location != nil {
				loc = t.Location.String()
			}
			out.Brands = append(out.Brands, AffiliateBrand{Slug: t.Slug, Name: t.Name, BaseURL: links.Base(r, t), TimeZone: loc, Niche: t.Niche})
		}
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}

// affiliateReportAnswer is an affiliate's report on a tenant.
type affiliateReportAnswer struct {
	Tenant   string `json:"tenant"`
	TimeZone string `json:"time_zone"`
	AffiliateReport
}

// AffiliateReport answers GET /affiliate/report?tenant=&from=&to=: the
// caller's own traffic per lander and sub-id (its network and refs only).
func (h ConsoleHandlers) AffiliateReport(w http.ResponseWriter, r *http.Request) {
	scope, err := scopeOf(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	span, err := h.reportSpanOf(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	report, err := AffiliateTraffic(r.Context(), h.Pool, scope, span.tenant.ID, span.loc, span.first, span.last)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, affiliateReportAnswer{Tenant: span.tenant.Slug, TimeZone: span.loc.String(), AffiliateReport: report})
}

// affiliatePostbacksAnswer is an affiliate's postbacks on a tenant.
type affiliatePostbacksAnswer struct {
	Tenant   string `json:"tenant"`
	TimeZone string `json:"time_zone"`
	AffiliatePostbacks
}

// AffiliatePostbacks answers GET /affiliate/postbacks?tenant=&from=&to=:
// the postbacks to the caller's network about members of its links, with
// status, time and the address without the brand's secrets.
func (h ConsoleHandlers) AffiliatePostbacks(w http.ResponseWriter, r *http.Request) {
	scope, err := scopeOf(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	span, err := h.reportSpanOf(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	log, err := AffiliatePostbackLog(r.Context(), h.Pool, scope, span.tenant.ID, span.loc, span.first, span.last)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, affiliatePostbacksAnswer{Tenant: span.tenant.Slug, TimeZone: span.loc.String(), AffiliatePostbacks: log})
}
