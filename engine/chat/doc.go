// Package chat owns conversations between members: messages, gifts and
// photos paid in credits, unread counts, per-member removal, the history
// window, house profiles answered by chat operators in the console, and the live and push delivery
// of new messages.
package chat
