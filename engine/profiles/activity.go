package profiles

import "time"

// OnlineFor is how recently a member must have been active to show as
// "Online now". A visit is recorded at most once a minute (membership.MarkSeen)
// and the app calls the server at least every minute while it is open
// (polling), so a shorter window would flicker.
const OnlineFor = 5 * time.Minute

// Activity is a member's last activity as other members see it on cards
// and the profile page ("Online now", "Active 3 hours ago").
type Activity struct {
	Online bool `json:"online"`
	// LastActiveAt is to the minute, or null when the member's activity is
	// not shown.
	LastActiveAt *time.Time `json:"last_active_at"`
}

// ActivityOf is what others may know of a member's activity. An invisible
// member (hidden from search) shows none, nor does a house profile: it is
// fictional and answered by staff, so "Online now" would claim a person who
// is not there. Others see the time to the minute only; nobody needs the
// second a member was last seen.
func ActivityOf(lastActive time.Time, house, invisible bool, now time.Time) Activity {
	if house || invisible || lastActive.IsZero() {
		return Activity{}
	}
	at := lastActive.Truncate(time.Minute)
	return Activity{Online: now.Sub(lastActive) < OnlineFor, LastActiveAt: &at}
}
