package admin

import (
	"net/http"
	"time"

	"rendezvous/engine/affiliates"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/tenancy"
)

// trafficAnswer is the traffic report of a tenant.
type trafficAnswer struct {
	Tenant   string `json:"tenant"`
	TimeZone string `json:"time_zone"`
	affiliates.Report
}

// trafficReport answers GET /reports/traffic?tenant=&from=&to=: visits,
// signups, activations, first purchases and revenue per traffic source of
// the tenant, from and to being days of its time zone (both included; the
// last 30 days up to today without them).
func (h handlers) trafficReport(w http.ResponseWriter, r *http.Request) {
	span, err := h.reportSpanOf(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	report, err := affiliates.Traffic(r.Context(), h.s.Pool, span.tenant.ID, span.loc, span.first, span.last)
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
func (h handlers) reportSpanOf(r *http.Request) (reportSpan, error) {
	q := r.URL.Query()
	t, err := h.s.TenantBySlug(r.Context(), q.Get("tenant"))
	if err != nil {
		return reportSpan{}, err
	}
	loc := t.Location
	if loc == nil {
		loc = time.UTC
	}
	first, last, err := affiliates.Span(q.Get("from"), q.Get("to"), loc, h.s.Now())
	if err != nil {
		return reportSpan{}, err
	}
	return reportSpan{tenant: t, loc: loc, first: first, last: last}, nil
}

// postbackAnswer is the postbacks of a tenant.
type postbackAnswer struct {
	Tenant   string `json:"tenant"`
	TimeZone string `json:"time_zone"`
	affiliates.PostbackLog
}

// postbackReport answers GET /reports/postbacks?tenant=&from=&to=: the
// postbacks the tenant's members' events made in those days (the traffic
// report's span), newest first, with their status and last call, read
// only: what each network was told and what it answered.
func (h handlers) postbackReport(w http.ResponseWriter, r *http.Request) {
	span, err := h.reportSpanOf(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	log, err := affiliates.RecentPostbacks(r.Context(), h.s.Pool, span.tenant.ID, span.loc, span.first, span.last)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, postbackAnswer{Tenant: span.tenant.Slug, TimeZone: span.loc.String(), PostbackLog: log})
}
