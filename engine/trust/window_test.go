package trust

import (
	"context"
	"testing"
	"time"

	"rendezvous/engine/tenancy"
	"rendezvous/engine/trust/internal/db"
)

// A check compares each text with every earlier text of its window, and
// forms each text for the comparison once, when the window is read: forming
// the whole window again for each text of a job was most of the check's
// CPU in the message sends' benchmark. Not parallel: testing.AllocsPerRun
// refuses to run in a parallel test.
func TestWindowTextsFormedOnce(t *testing.T) {
	start := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	rows := make([]db.TextsToCheckRow, 80)
	for i := range rows {
		// One conversation: no repeat signal, so no statement runs.
		rows[i] = db.TextsToCheckRow{ID: int64(i + 1), ConversationID: 7, Body: "Hello, how are you doing TODAY?", CreatedAt: start.Add(time.Duration(i) * time.Second)}
	}
	window := textsOf(rows)
	if window[0].same != "hello how are you doing today" {
		t.Fatalf("same-text form %q", window[0].same)
	}
	s, tenant, set := &Service{}, &tenancy.Tenant{}, DefaultSettings()
	last := window[len(window)-1]
	var err error
	allocs := testing.AllocsPerRun(50, func() {
		_, err = s.checkText(context.Background(), nil, 1, last, window, tenant, set)
	})
	if err != nil {
		t.Fatal(err)
	}
	// Forming the 80 texts anew made 257 allocations; the text's own
	// signals (detect) and the repeat's bookkeeping make 14.
	if allocs > 20 {
		t.Errorf("checking one text against a window of %d allocated %.0f times, want at most 20", len(window), allocs)
	}
}

// A brand's trust settings are read from its settings document once per
// tenant the directory loads, not once per check (a check job parsed the
// whole document each time), and read anew from a tenant that replaced
// it. Not parallel: testing.AllocsPerRun refuses to run in a parallel test.
func TestTrustSettingsKeptPerTenant(t *testing.T) {
	s := &Service{}
	brand := &tenancy.Tenant{ID: 3000, RawSettings: []byte(`{"name":"x","gifts":[{"id":"rose"}],"trust":{"threshold":70}}`)}
	set, err := s.settings.Of(brand, SettingsOf)
	if err != nil || set.Threshold != 70 {
		t.Fatalf("settings %+v, %v; want threshold 70", set, err)
	}
	if n := testing.AllocsPerRun(100, func() { set, err = s.settings.Of(brand, SettingsOf) }); n > 0 || err != nil || set.Threshold != 70 {
		t.Errorf("the kept settings cost %.0f allocations (%v, threshold %d), want none", n, err, set.Threshold)
	}
	edited := &tenancy.Tenant{ID: 3000, RawSettings: []byte(`{"trust":{"threshold":55}}`)}
	if set, err := s.settings.Of(edited, SettingsOf); err != nil || set.Threshold != 55 {
		t.Errorf("settings of the edited brand %+v, %v; want threshold 55", set, err)
	}
}
