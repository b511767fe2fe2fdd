package sandbox

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/riverqueue/river"
)

// WebhookArgs is the job that tells the engine a sandbox payment changed,
// queued with the change.
type WebhookArgs struct {
	PaymentID string `json:"payment_id"`
	URL       string `json:"url"`
}

// Kind names the job in River.
func (WebhookArgs) Kind() string { return "sandbox_webhook" }

// WebhookWorker delivers the sandbox's webhooks the way real providers do,
// a POST of form field id to the webhook URL with the tenant's Host, but
// in-process through the engine's own handler: demo host names such as
// herzklopfen.localhost need not resolve, and no port needs to be known.
type WebhookWorker struct {
	river.WorkerDefaults[WebhookArgs]
	engine http.Handler
}

// NewWebhookWorker builds the worker that delivers webhooks to engine.
func NewWebhookWorker(engine http.Handler) *WebhookWorker {
	return &WebhookWorker{engine: engine}
}

// Work delivers one webhook; any answer but 200 fails the job, which River
// retries, as a provider retries a webhook.
func (w *WebhookWorker) Work(ctx context.Context, job *river.Job[WebhookArgs]) error {
	u, err := url.Parse(job.Args.URL)
	if err != nil || u.Host == "" {
		return fmt.Errorf("sandbox webhook URL %q: %w", job.Args.URL, river.JobCancel(err))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u.RequestURI(), strings.NewReader(url.Values{"id": {job.Args.PaymentID}}.Encode()))
	if err != nil {
		return fmt.Errorf("sandbox webhook request: %w", err)
	}
	req.Host = u.Host
	req.RemoteAddr = "127.0.0.1:0"
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("User-Agent", "rendezvous-sandbox-webhook")
	rec := &statusRecorder{header: http.Header{}}
	w.engine.ServeHTTP(rec, req)
	if rec.status != http.StatusOK {
		return fmt.Errorf("sandbox webhook of %s: status %d", job.Args.PaymentID, rec.status)
	}
	return nil
}

// statusRecorder keeps the status of an in-process answer and drops its body.
type statusRecorder struct {
	header http.Header
	status int
}

func (s *statusRecorder) Header() http.Header { return s.header }

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return len(b), nil
}

func (s *statusRecorder) WriteHeader(status int) {
	if s.status == 0 {
		s.status = status
	}
}
