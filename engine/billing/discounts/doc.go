// Package discounts keeps a tenant's discount codes and who used them.
// A code takes a whole percentage off a credit package's price, under its
// conditions: an optional minimum order value (in one currency), an
// optional payment country, optional payment methods, a validity window,
// optionally one member only (personal codes), and always once per member.
//
// Billing applies a code when a member orders (Apply, then Hold in the
// order's transaction), gives it back when the order fails, is cancelled
// or expires (Release), and marks it used when the order is paid (Use).
// A code is spent only when a payment completes. While the order holding
// it is open (waiting, its newest payment open at the provider: the member
// left the checkout without paying), the member may use the code again: the
// new order takes it over (Holder, TakeOver) and billing cancels the older
// order, at the provider too. A failed, cancelled or expired order gives
// it back at once. Of parallel orders one holds the code in the end; a
// paid order uses it once.
//
// The signup's offers fit in the same table (see migrations/01200 and
// 01500, offers.go): a personal welcome code is a kind 'welcome' row with
// member_id and valid_until, issued in the signup's transaction;
// TIMEBONUS25 is one kind 'time_bonus' row per tenant with
// signup_window_seconds 14400 and first_purchase_only, the window counted
// from each member's signup by the server's clock.
package discounts
