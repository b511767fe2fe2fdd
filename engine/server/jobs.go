package server

import (
	"net/http"

	"github.com/riverqueue/river"

	"rendezvous/engine/accounts"
	"rendezvous/engine/affiliates"
	"rendezvous/engine/billing"
	"rendezvous/engine/billing/sandbox"
	"rendezvous/engine/chat"
	"rendezvous/engine/delivery"
	"rendezvous/engine/delivery/push"
	"rendezvous/engine/delivery/sms"
	"rendezvous/engine/limits"
	"rendezvous/engine/media"
	"rendezvous/engine/notifications"
	"rendezvous/engine/platform/jobs"
	"rendezvous/engine/privacy"
	"rendezvous/engine/profiles"
	"rendezvous/engine/staff"
	"rendezvous/engine/trust"
)

// work builds the River client that works every area's jobs and schedules
// the periodic ones. It comes after the services, whose workers it runs,
// and after the engine's handler, through which the sandbox payment
// provider delivers its webhooks; the services queue their jobs through
// the insert-only client made before them. The caller starts it (serve
// does; tests too).
func work(d Deps, e *Engine, sender delivery.Sender, handler http.Handler) (*jobs.Client, error) {
	workers := river.NewWorkers()
	river.AddWorker(workers, &delivery.SendWorker{Sender: sender, Pool: d.Pool, Log: d.Log})
	river.AddWorker(workers, &sms.SendWorker{Gateway: e.SMS, Pool: d.Pool, Log: d.Log})
	river.AddWorker(workers, &purgeWorker{engine: e})
	push.Register(workers, d.Pool, d.Outbound, d.Log)
	notifications.Register(workers, e.Notifications)
	river.AddWorker(workers, &limits.CleanupWorker{Limiter: e.Limits})
	river.AddWorker(workers, &chat.SignupMessageWorker{Chat: e.Chat, Tenants: d.Directory})
	media.Register(workers, d.Pool, d.Media, d.Log)
	river.AddWorker(workers, &billing.ReconcileWorker{Billing: e.Billing})
	river.AddWorker(workers, &billing.RefundWorker{Billing: e.Billing})
	river.AddWorker(workers, &billing.RevokeMandateWorker{Billing: e.Billing})
	river.AddWorker(workers, &billing.CancelPaymentsWorker{Billing: e.Billing})
	// Registered even with the sandbox off, so webhooks queued while it
	// was on are still delivered.
	river.AddWorker(workers, sandbox.NewWebhookWorker(handler))
	river.AddWorker(workers, &staff.CleanupWorker{Service: e.Console.Staff})
	river.AddWorker(workers, &profiles.TrimVisitsWorker{Profiles: e.Profiles})
	river.AddWorker(workers, &affiliates.Worker{Pool: d.Pool, Guard: d.Outbound, Log: d.Log})
	trust.Register(workers, e.Trust)
	privacy.Register(workers, e.Privacy)
	periodic := []*river.PeriodicJob{accounts.PeriodicPurge(), limits.PeriodicCleanup(), billing.PeriodicReconcile(),
		staff.PeriodicCleanup(), notifications.PeriodicDigest(), profiles.PeriodicTrimVisits(),
		privacy.PeriodicRetention()}
	return jobs.NewClient(d.Pool, workers, d.Log, jobs.Options{Work: true, Periodic: periodic,
		Queues: map[string]int{affiliates.Queue: affiliates.PostbackWorkers}})
}
