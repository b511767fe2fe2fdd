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
