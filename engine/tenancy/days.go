package tenancy

import (
	"time"

	"github.com/jackc/pgx/v5/pgtype"
)

// Days is a span of whole calendar days in a tenant's time zone, First to
// Last inclusive: the days of the operators' per-day series. First and
// Last are midnights in UTC standing for the dates; Zone is the IANA name
// the database counts days in.
type Days struct {
	First, Last time.Time
	Zone        string
	loc         *time.Location
}

// DaysOf is the span first..last (dates, their clock time ignored) in t's
// time zone.
func DaysOf(t *Tenant, first, last time.Time) Days {
	loc := t.Location
	if loc == nil {
		loc = time.UTC
	}
	return Days{First: dateOf(first), Last: dateOf(last), Zone: loc.String(), loc: loc}
}

func dateOf(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// Count is how many days the span holds.
func (d Days) Count() int { return int(d.Last.Sub(d.First).Hours()/24) + 1 }

// Since is the instant the first day begins in the tenant's zone.
func (d Days) Since() time.Time { return d.midnight(d.First) }

// Until is the instant the day after the last begins: the span is
// [Since, Until).
func (d Days) Until() time.Time { return d.midnight(d.Last.AddDate(0, 0, 1)) }

func (d Days) midnight(date time.Time) time.Time {
	loc := d.loc
	if loc == nil {
		loc = time.UTC
	}
	y, m, day := date.Date()
	return time.Date(y, m, day, 0, 0, 0, 0, loc)
}

// FirstDate and LastDate are the span's ends as SQL dates.
func (d Days) FirstDate() pgtype.Date { return pgtype.Date{Time: d.First, Valid: true} }

// LastDate is the last day as an SQL date.
func (d Days) LastDate() pgtype.Date { return pgtype.Date{Time: d.Last, Valid: true} }
