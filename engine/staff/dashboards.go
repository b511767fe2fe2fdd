package staff

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"time"

	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// Dashboards in the console: a tenant's per-day series (signups and
// activations, purchases and revenue, messages, the moderation backlog)
// and conversion by traffic source, each also as CSV (?format=csv). Each
// area loads its own dashboard from its tables (a DashboardLoad); here is
// what they share: the tenant, the range of the tenant's days, and the
// answer as JSON or CSV.

// ErrRangeInvalid refuses a dashboard range that runs backwards, is too
// long or lies outside the years dashboards know.
var ErrRangeInvalid = refusal.New(refusal.Invalid, "range_invalid",
	"The range runs from a day to the same or a later day, at most {max} days, between 2000 and 2100.")

// Dashboard ranges: at most a year and a day; 30 days when not given.
const (
	maxDashboardDays     = 366
	defaultDashboardDays = 30
)

// dashboardRange reads from and to (YYYY-MM-DD, the tenant's days) of the
// query: either may be left out (to defaults to today, from to 30 days up
// to to).
func (s *Service) dashboardRange(r *http.Request, t *tenancy.Tenant) (tenancy.Days, error) {
	q := r.URL.Query()
	loc := t.Location
	if loc == nil {
		loc = time.UTC
	}
	parse := func(name string) (time.Time, bool, error) {
		v := q.Get(name)
		if v == "" {
			return time.Time{}, false, nil
		}
		d, err := time.Parse(time.DateOnly, v)
		if err != nil {
			return time.Time{}, false, ErrQueryInvalid.With(map[string]any{"field": name})
		}
		return d, true, nil
	}
	from, hasFrom, err := parse("from")
	if err != nil {
		return tenancy.Days{}, err
	}
	to, hasTo, err := parse("to")
	if err != nil {
		return tenancy.Days{}, err
	}
	switch {
	case !hasTo && hasFrom:
		to = from.AddDate(0, 0, defaultDashboardDays-1)
	case !hasTo:
		y, m, d := s.Now().In(loc).Date()
		to = time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	}
	if !hasFrom {
		from = to.AddDate(0, 0, -(defaultDashboardDays - 1))
	}
	days := tenancy.DaysOf(t, from, to)
	if to.Before(from) || days.Count() > maxDashboardDays || from.Year() < 2000 || to.Year() > 2100 {
		return tenancy.Days{}, ErrRangeInvalid.With(map[string]any{"max": maxDashboardDays})
	}
	return days, nil
}

// DashboardHeader is what every dashboard answer starts with.
type DashboardHeader struct {
	Tenant   string `json:"tenant"`
	TimeZone string `json:"time_zone"`
	From     string `json:"from"`
	To       string `json:"to"`
}

// Table is a dashboard answer's CSV: a header line and rows.
type Table struct {
	Header []string
	Rows   [][]string
}

// DashboardLoad computes a dashboard's JSON answer and its CSV table for
// tenant t over days; head starts the answer.
type DashboardLoad func(r *http.Request, t *tenancy.Tenant, days tenancy.Days, head DashboardHeader) (any, Table, error)

// Dashboard answers one dashboard: the tenant and range are read and
// checked, load computes the JSON answer and its CSV table, and the
// answer goes out as JSON or, with ?format=csv, as a CSV download.
func (s *Service) Dashboard(name string, load DashboardLoad) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		t := s.RouteTenant(w, r)
		if t == nil {
			return
		}
		format := r.URL.Query().Get("format")
		if format != "" && format != "json" && format != "csv" {
			httpx.WriteError(w, r, ErrQueryInvalid.With(map[string]any{"field": "format"}))
			return
		}
		days, err := s.dashboardRange(r, t)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		head := DashboardHeader{Tenant: t.Slug, TimeZone: days.Zone,
			From: days.First.Format(time.DateOnly), To: days.Last.Format(time.DateOnly)}
		out, tab, err := load(r, t, days, head)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		if format != "csv" {
			httpx.WriteJSON(w, http.StatusOK, out)
			return
		}
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-%s-%s-%s.csv"`, t.Slug, name, head.From, head.To))
		cw := csv.NewWriter(w)
		_ = cw.Write(tab.Header)
		for _, row := range tab.Rows {
			_ = cw.Write(row)
		}
		cw.Flush()
	}
}

// CSVText makes a text cell safe to open in a spreadsheet: a cell starting
// with =, +, -, @, a tab or a carriage return would be read as a formula,
// so it gets a leading apostrophe.
func CSVText(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
