package tenancy

import "time"

// Age is the age in whole years on now of someone born on dob. With
// Settings.MinAge it is the tenant's age rule, which both signup (accounts)
// and the profile (profiles) apply, so it lives with the settings.
func Age(dob, now time.Time) int {
	years := now.Year() - dob.Year()
	if now.Month() < dob.Month() || (now.Month() == dob.Month() && now.Day() < dob.Day()) {
		years--
	}
	return years
}

// DefaultMinAge is the youngest age when a tenant sets no min_age.
const DefaultMinAge = 18

// YoungestAge is the youngest age the tenant allows: its min_age, or
// DefaultMinAge. Signup, the profile, search and the match finder all
// apply it, so the default is decided once.
func (s *Settings) YoungestAge() int {
	if s.MinAge <= 0 {
		return DefaultMinAge
	}
	return s.MinAge
}
