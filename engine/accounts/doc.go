// Package accounts owns members' accounts: signup, login and sessions,
// activation, password reset, email change, notification settings, and
// deletion with reactivation. Where a member's profile changes with the
// account (signup, a confirmed address, deletion, reactivation), the
// functions ending in Tx do the account's part in a transaction that
// engine/membership opens and completes with the profile's, so accounts imports
// no area above it (engine/identity/layers_test.go).
package accounts
