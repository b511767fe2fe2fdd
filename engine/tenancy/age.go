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

// DefaultWelcomeDiscountHours is how long a welcome code lasts when a
// tenant sets no welcome_discount_hours: a week.
const DefaultWelcomeDiscountHours = 168

// MaxWelcomeDiscountHours is the longest a tenant may keep a welcome code
// open: a year.
const MaxWelcomeDiscountHours = 8760

// WelcomeDiscountValidity is how long a new member's welcome code lasts
// after the signup: welcome_discount_hours, or DefaultWelcomeDiscountHours.
// The signup issues the code with it, so the default is decided once.
func (s *Settings) WelcomeDiscountValidity() time.Duration {
	h := s.WelcomeDiscountHours
	if h <= 0 {
		h = DefaultWelcomeDiscountHours
	}
	return time.Duration(h) * time.Hour
}
