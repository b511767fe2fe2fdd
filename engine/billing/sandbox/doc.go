// Package sandbox is the embedded payment provider, the default and the demo
// tenants' one: a hosted checkout page on the engine where the payer picks
// the outcome (paid, failed, cancelled, pending, expired), like a real
// provider's test mode, and webhooks sent the way a real provider sends
// them. A first payment (a member keeping the card) leaves a mandate on the
// test card the payer picks, and recurring charges on it settle at once,
// paid or declined as that card says (TestCards). It keeps its own records
// (sandbox_payments, sandbox_customers, sandbox_mandates), which the engine reads
// only through billing.Provider, as it would Mollie's. It hands out credits
// for nothing, so the engine enables it only when told (--payment-sandbox,
// implied by --demo).
package sandbox
