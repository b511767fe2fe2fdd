// Package membership answers with the user object of GET /api/user.php: the
// member's account and balance (accounts) with their own profile (profiles).
// It sits above both areas, so neither imports the other. The calls that
// answer with the user object (the current user, login, signup, reactivation,
// account and language changes, the email change confirmation) are served
// here, each a thin handler over the accounts rules; the web app's first
// paint gets the same object. So are the changes of an account and its
// profile together (Members: signup, activation, password reset, email
// change, deletion, reactivation, the member's last visit), each one
// transaction in which each area does its own part.
package membership
