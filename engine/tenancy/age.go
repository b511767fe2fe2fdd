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
