// Package identity knows who is on the other end of a request: the session
// that carries a login, the logged-in member in the request context and
// the guards of member-only and client-only calls. It sits below the domain
// areas, so profiles, likes, chat (and later billing and admin) learn who is
// logged in without importing accounts; accounts decides whether a session
// still counts (Identify) and starts sessions at login.
package identity
