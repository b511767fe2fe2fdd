// Package server wires the domain packages into the engine's HTTP surfaces:
// one route table for the member API, one for pages and assets.
package server

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"rendezvous/engine/platform/config"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/tenancy"
	"rendezvous/engine/webapp"
)

// Deps are the engine's long-lived parts, built once in run().
type Deps struct {
	Config    *config.Config
	Log       *slog.Logger
	Pool      *pgxpool.Pool
	Directory *tenancy.Directory
	Locator   tenancy.Locator
	App       *webapp.App
}

// New builds the engine's HTTP handler.
func New(d Deps) (http.Handler, error) {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	compress, err := httpx.Compress()
	if err != nil {
		return nil, err
	}
	r := chi.NewRouter()
	r.Use(httpx.RealIP(d.Config.TrustedProxies), httpx.RequestLog(d.Log), httpx.Recover,
		httpx.SecurityHeaders, httpx.Metrics(reg), compress)

	// Operational endpoints answer on every host, tenant or not.
	r.Get("/healthz", func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte("ok\n")) })
	r.Get("/readyz", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := d.Pool.Ping(ctx); err != nil {
			httpx.WriteError(w, r, httpx.ErrUnavailable)
			return
		}
		_, _ = w.Write([]byte("ready\n"))
	})
	r.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))

	r.Group(func(r chi.Router) {
		r.Use(tenancy.Middleware(d.Directory))
		r.Route("/api", func(r chi.Router) { memberAPI(r, d) })
		pages(r, d)
	})
	return r, nil
}

// memberAPI is the route table of the member API (API.md).
func memberAPI(r chi.Router, d Deps) {
	t := tenancy.Handlers{Locator: d.Locator, Pool: d.Pool}
	r.Get("/settings.php", t.Settings)
	r.Get("/companyinfo.php", t.CompanyInfo)
	r.Get("/interests.php", t.Interests)
	r.Get("/regions.php", t.Regions)
	r.Get("/geocode.php", t.Geocode)

	r.NotFound(func(w http.ResponseWriter, r *http.Request) { httpx.WriteError(w, r, httpx.ErrNotFound) })
	r.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) { httpx.WriteError(w, r, httpx.ErrMethodNotAllowed) })
}

// pages is the route table of the member app, its assets and the manifest.
func pages(r chi.Router, d Deps) {
	assets := d.App.Assets()
	r.Get("/manifest.webmanifest", d.App.Manifest)
	r.Handle("/assets/*", assets)
	r.Handle("/themes/*", d.App.Themes())
	for _, f := range []string{"/sw.js", "/favicon.svg", "/favicon.ico", "/robots.txt"} {
		r.Get(f, assets.ServeHTTP)
	}
	r.Get("/*", d.App.ServeIndex)
	r.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) { httpx.WriteError(w, r, httpx.ErrMethodNotAllowed) })
}
