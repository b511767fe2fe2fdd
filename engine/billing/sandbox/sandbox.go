// Package sandbox is the embedded payment provider, the default and the demo
// tenants' one: a hosted checkout page on the engine where the payer picks
// the outcome (paid, failed, cancelled, pending, expired), like a real
// provider's test mode, and webhooks sent the way a real provider sends
// them.
package sandbox
