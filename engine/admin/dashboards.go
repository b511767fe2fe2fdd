package admin

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"rendezvous/engine/accounts"
	"rendezvous/engine/billing"
	"rendezvous/engine/chat"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/profiles"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
)

// Dashboards in the console: a tenant's per-day series (signups and
// activations, purchases and revenue, messages, the moderation backlog)
// and conversion by traffic source, each also as CSV (?format=csv). The
// numbers come from the tables' owners; days are the tenant's days.

// ErrRangeInvalid refuses a dashboard range that runs backwards, is too
// long or lies outside the years dashboards know.
var ErrRangeInvalid = refusal.New(refusal.Invalid, "range_invalid",
	"The range runs from a day to the same or a later day, at most {max} days, between 2000 and 2100.")

// Dashboard ranges: at most a year and a day; 30 days when not given.
const (
	maxDashboardDays     = 366
	defaultDashboardDays = 30
	// maxSources bounds the conversion table's traffic sources.
	maxSources = 500
)

// dashboardRange reads from and to (YYYY-MM-DD, the tenant's days) of the
// query: either may be left out (to defaults to today, from to 30 days up
// to to).
func (h handlers) dashboardRange(r *http.Request, t *tenancy.Tenant) (tenancy.Days, error) {
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
			return time.Time{}, false, staff.ErrQueryInvalid.With(map[string]any{"field": name})
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
		y, m, d := h.s.Now().In(loc).Date()
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

// dashboardHeader is what every dashboard answer starts with.
type dashboardHeader struct {
	Tenant   string `json:"tenant"`
	TimeZone string `json:"time_zone"`
	From     string `json:"from"`
	To       string `json:"to"`
}

// table is a dashboard answer's CSV: a header line and rows.
type table struct {
	header []string
	rows   [][]string
}

// dashboard answers one dashboard: the tenant and range are read and
// checked, load computes the JSON answer and its CSV table, and the
// answer goes out as JSON or, with ?format=csv, as a CSV download.
func (h handlers) dashboard(name string, load func(r *http.Request, t *tenancy.Tenant, days tenancy.Days, head dashboardHeader) (any, table, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		t := h.s.RouteTenant(w, r)
		if t == nil {
			return
		}
		format := r.URL.Query().Get("format")
		if format != "" && format != "json" && format != "csv" {
			httpx.WriteError(w, r, staff.ErrQueryInvalid.With(map[string]any{"field": "format"}))
			return
		}
		days, err := h.dashboardRange(r, t)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		head := dashboardHeader{Tenant: t.Slug, TimeZone: days.Zone,
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
		_ = cw.Write(tab.header)
		for _, row := range tab.rows {
			_ = cw.Write(row)
		}
		cw.Flush()
	}
}

// csvText makes a text cell safe to open in a spreadsheet: a cell starting
// with =, +, -, @, a tab or a carriage return would be read as a formula,
// so it gets a leading apostrophe.
func csvText(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

func num(n int64) string { return strconv.FormatInt(n, 10) }

// signupSeries: signups and activations per day.
type signupSeries struct {
	dashboardHeader
	Days        []string `json:"days"`
	Signups     []int64  `json:"signups"`
	Activations []int64  `json:"activations"`
}

func (h handlers) signupsDashboard(r *http.Request, t *tenancy.Tenant, days tenancy.Days, head dashboardHeader) (any, table, error) {
	rows, err := accounts.SignupsPerDay(r.Context(), h.s.Pool, t.ID, days)
	if err != nil {
		return nil, table{}, err
	}
	out := signupSeries{dashboardHeader: head, Days: []string{}, Signups: []int64{}, Activations: []int64{}}
	tab := table{header: []string{"day", "signups", "activations"}}
	for _, d := range rows {
		out.Days, out.Signups, out.Activations = append(out.Days, d.Day), append(out.Signups, d.Signups), append(out.Activations, d.Activations)
		tab.rows = append(tab.rows, []string{d.Day, num(d.Signups), num(d.Activations)})
	}
	return out, tab, nil
}

// purchaseSeries: paid orders, first purchases and revenue per currency
// (minor units) per day.
type purchaseSeries struct {
	dashboardHeader
	Days           []string         `json:"days"`
	PaidOrders     []int64          `json:"paid_orders"`
	FirstPurchases []int64          `json:"first_purchases"`
	Revenue        []currencySeries `json:"revenue"`
}

type currencySeries struct {
	Currency string  `json:"currency"`
	Revenue  []int64 `json:"revenue"`
	Refunded []int64 `json:"refunded"`
}

func (h handlers) purchasesDashboard(r *http.Request, t *tenancy.Tenant, days tenancy.Days, head dashboardHeader) (any, table, error) {
	rows, err := billing.PurchasesPerDay(r.Context(), h.s.Pool, t.ID, days)
	if err != nil {
		return nil, table{}, err
	}
	money, err := billing.RevenuePerDay(r.Context(), h.s.Pool, t.ID, days)
	if err != nil {
		return nil, table{}, err
	}
	out := purchaseSeries{dashboardHeader: head, Days: []string{}, PaidOrders: []int64{}, FirstPurchases: []int64{}, Revenue: []currencySeries{}}
	tab := table{header: []string{"day", "paid_orders", "first_purchases"}}
	for _, c := range money {
		out.Revenue = append(out.Revenue, currencySeries(c))
		tab.header = append(tab.header, "revenue_"+c.Currency, "refunded_"+c.Currency)
	}
	for i, d := range rows {
		out.Days, out.PaidOrders, out.FirstPurchases = append(out.Days, d.Day), append(out.PaidOrders, d.PaidOrders), append(out.FirstPurchases, d.FirstPurchases)
		row := []string{d.Day, num(d.PaidOrders), num(d.FirstPurchases)}
		for _, c := range money {
			row = append(row, num(c.Revenue[i]), num(c.Refunded[i]))
		}
		tab.rows = append(tab.rows, row)
	}
	return out, tab, nil
}

// messageSeries: messages sent per day by members and by house profiles.
type messageSeries struct {
	dashboardHeader
	Days      []string `json:"days"`
	ByMembers []int64  `json:"by_members"`
	ByHouse   []int64  `json:"by_house"`
}

func (h handlers) messagesDashboard(r *http.Request, t *tenancy.Tenant, days tenancy.Days, head dashboardHeader) (any, table, error) {
	rows, err := chat.MessagesPerDay(r.Context(), h.s.Pool, t.ID, days)
	if err != nil {
		return nil, table{}, err
	}
	out := messageSeries{dashboardHeader: head, Days: []string{}, ByMembers: []int64{}, ByHouse: []int64{}}
	tab := table{header: []string{"day", "by_members", "by_house"}}
	for _, d := range rows {
		out.Days, out.ByMembers, out.ByHouse = append(out.Days, d.Day), append(out.ByMembers, d.ByMembers), append(out.ByHouse, d.ByHouse)
		tab.rows = append(tab.rows, []string{d.Day, num(d.ByMembers), num(d.ByHouse)})
	}
	return out, tab, nil
}

// moderationSeries: the backlog at the end of each day, what arrived that
// day, and the backlog now.
type moderationSeries struct {
	dashboardHeader
	Days            []string         `json:"days"`
	PhotosPending   []int64          `json:"photos_pending"`
	PhotosSubmitted []int64          `json:"photos_submitted"`
	ComplaintsOpen  []int64          `json:"complaints_open"`
	ComplaintsFiled []int64          `json:"complaints_filed"`
	Now             profiles.Backlog `json:"now"`
}

func (h handlers) moderationDashboard(r *http.Request, t *tenancy.Tenant, days tenancy.Days, head dashboardHeader) (any, table, error) {
	rows, err := profiles.ModerationPerDay(r.Context(), h.s.Pool, t.ID, days)
	if err != nil {
		return nil, table{}, err
	}
	now, err := profiles.BacklogNow(r.Context(), h.s.Pool, t.ID)
	if err != nil {
		return nil, table{}, err
	}
	out := moderationSeries{dashboardHeader: head, Days: []string{}, PhotosPending: []int64{}, PhotosSubmitted: []int64{},
		ComplaintsOpen: []int64{}, ComplaintsFiled: []int64{}, Now: now}
	tab := table{header: []string{"day", "photos_pending", "photos_submitted", "complaints_open", "complaints_filed"}}
	for _, d := range rows {
		out.Days = append(out.Days, d.Day)
		out.PhotosPending, out.PhotosSubmitted = append(out.PhotosPending, d.PhotosPending), append(out.PhotosSubmitted, d.PhotosSubmitted)
		out.ComplaintsOpen, out.ComplaintsFiled = append(out.ComplaintsOpen, d.ComplaintsOpen), append(out.ComplaintsFiled, d.ComplaintsFiled)
		tab.rows = append(tab.rows, []string{d.Day, num(d.PhotosPending), num(d.PhotosSubmitted), num(d.ComplaintsOpen), num(d.ComplaintsFiled)})
	}
	return out, tab, nil
}

// conversion: the range's signups by traffic source and how they went on.
type conversion struct {
	dashboardHeader
	By        string      `json:"by"`
	Sources   []sourceRow `json:"sources"`
	Truncated bool        `json:"truncated"`
}

type sourceRow struct {
	Network        string `json:"network"`
	Ref            string `json:"ref"`
	Sub1           string `json:"sub1"`
	Sub2           string `json:"sub2"`
	Sub3           string `json:"sub3"`
	Signups        int64  `json:"signups"`
	Activations    int64  `json:"activations"`
	FirstPurchases int64  `json:"first_purchases"`
}

func (h handlers) conversionDashboard(r *http.Request, t *tenancy.Tenant, days tenancy.Days, head dashboardHeader) (any, table, error) {
	by := r.URL.Query().Get("by")
	if by == "" {
		by = "network"
	}
	if !slices.Contains(accounts.SourceGroupings, by) {
		return nil, table{}, staff.ErrQueryInvalid.With(map[string]any{"field": "by"})
	}
	rows, err := accounts.ConversionBySource(r.Context(), h.s.Pool, t.ID, days, by, maxSources+1)
	if err != nil {
		return nil, table{}, err
	}
	out := conversion{dashboardHeader: head, By: by, Sources: []sourceRow{}}
	if len(rows) > maxSources {
		rows, out.Truncated = rows[:maxSources], true
	}
	tab := table{header: []string{"network", "ref", "sub1", "sub2", "sub3", "signups", "activations", "first_purchases"}}
	for _, s := range rows {
		out.Sources = append(out.Sources, sourceRow(s))
		tab.rows = append(tab.rows, []string{csvText(s.Network), csvText(s.Ref), csvText(s.Sub1), csvText(s.Sub2), csvText(s.Sub3),
			num(s.Signups), num(s.Activations), num(s.FirstPurchases)})
	}
	return out, tab, nil
}
