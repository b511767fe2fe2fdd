package affiliates

import (
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

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
