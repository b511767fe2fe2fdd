package tenancy

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/sync/singleflight"

	"rendezvous/engine/geo"
	"rendezvous/engine/tenancy/internal/db"
)

// loadTimeout bounds one load of every tenant, which no request owns.
const loadTimeout = 10 * time.Second

// Directory serves tenants from memory. It loads every tenant at once (a
// company runs tens of brands, not millions) and drops its copy whenever the
// database says tenancy changed, on this instance or any other.
type Directory struct {
	pool *pgxpool.Pool
	log  *slog.Logger

	mu     sync.RWMutex
	byHost map[string]*Tenant
	all    []*Tenant
	loaded bool
	// generation counts invalidations so a load that raced one is not kept.
	generation uint64
	loads      singleflight.Group
	// waiting counts lookups waiting for a load.
	waiting atomic.Int64
}

// NewDirectory returns a directory reading from pool. Call Listen to follow
// changes made by other instances.
func NewDirectory(pool *pgxpool.Pool, log *slog.Logger) *Directory {
	return &Directory{pool: pool, log: log}
}

// ByHost returns the tenant answering on host (port and letter case ignored).
func (d *Directory) ByHost(ctx context.Context, host string) (*Tenant, error) {
	host = NormalizeHost(host)
	if err := d.ensureLoaded(ctx); err != nil {
		return nil, err
	}
	d.mu.RLock()
	t, ok := d.byHost[host]
	d.mu.RUnlock()
	if !ok {
		return nil, ErrNotFound
	}
	return t, nil
}

// ByID returns the tenant with id, for jobs that act for a tenant outside a
// request.
func (d *Directory) ByID(ctx context.Context, id int64) (*Tenant, error) {
	all, err := d.List(ctx)
	if err != nil {
		return nil, err
	}
	for _, t := range all {
		if t.ID == id {
			return t, nil
		}
	}
	return nil, ErrNotFound
}

// List returns every tenant in their configured order.
func (d *Directory) List(ctx context.Context) ([]*Tenant, error) {
	if err := d.ensureLoaded(ctx); err != nil {
		return nil, err
	}
	d.mu.RLock()
	defer d.mu.RUnlock()
	return append([]*Tenant(nil), d.all...), nil
}

// Invalidate drops the cached tenants; the next lookup reloads them.
func (d *Directory) Invalidate() {
	d.mu.Lock()
	d.loaded = false
	d.generation++
	d.mu.Unlock()
}

// Listen follows tenancy changes until ctx ends, reconnecting after errors.
// It invalidates once after every (re)connect, since notifications sent while
// disconnected are lost.
func (d *Directory) Listen(ctx context.Context) {
	for ctx.Err() == nil {
		err := d.listenOnce(ctx)
		if ctx.Err() != nil {
			return
		}
		d.log.Warn("tenancy listener lost; reconnecting", "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

func (d *Directory) listenOnce(ctx context.Context) error {
	conn, err := d.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("acquire listener: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "LISTEN tenancy_changed"); err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	d.Invalidate()
	for {
		if _, err := conn.Conn().WaitForNotification(ctx); err != nil {
			// The connection may be mid-wait; never hand it back to the pool.
			conn.Hijack().Close(context.Background())
			return fmt.Errorf("wait for notification: %w", err)
		}
		d.Invalidate()
	}
}

func (d *Directory) ensureLoaded(ctx context.Context) error {
	d.mu.RLock()
	loaded, gen := d.loaded, d.generation
	d.mu.RUnlock()
	if loaded {
		return nil
	}
	// One load serves every request that finds the cache empty at once. It
	// runs on a context no single request owns: the caller that happened to
	// start it may leave (a closed tab) while others still wait for it.
	d.waiting.Add(1)
	defer d.waiting.Add(-1)
	done := d.loads.DoChan("load", func() (any, error) {
		loadCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), loadTimeout)
		defer cancel()
		all, byHost, err := d.load(loadCtx)
		if err != nil {
			return nil, err
		}
		d.store(gen, all, byHost)
		return nil, nil
	})
	select {
	case res := <-done:
		return res.Err
	case <-ctx.Done():
		return fmt.Errorf("wait for tenants: %w", ctx.Err())
	}
}

func (d *Directory) store(gen uint64, all []*Tenant, byHost map[string]*Tenant) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.generation == gen {
		d.all, d.byHost, d.loaded = all, byHost, true
	} else if !d.loaded {
		// Changed while loading: serve what was read, reload on the next call.
		d.all, d.byHost = all, byHost
	}
}

func (d *Directory) load(ctx context.Context) ([]*Tenant, map[string]*Tenant, error) {
	q := db.New(d.pool)
	rows, err := q.TenantList(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("list tenants: %w", err)
	}
	hosts, err := q.TenantHostList(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("list tenant hosts: %w", err)
	}
	companies, err := q.CompanyList(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("list companies: %w", err)
	}
	companyByID := make(map[int64]Company, len(companies))
	for _, c := range companies {
		companyByID[c.ID] = Company{
			ID: c.ID, Slug: c.Slug, Name: c.Name, Address: c.Address, KVK: c.Kvk, City: c.City,
			Country: c.Country, Tradenames: c.Tradenames, VATNumbers: c.VatNumbers,
			SupportPhone: c.SupportPhone, DeleteDiscount: int(c.DeleteDiscount), Added: c.Added,
		}
	}
	byID := make(map[int64]*Tenant, len(rows))
	all := make([]*Tenant, 0, len(rows))
	for _, r := range rows {
		t := &Tenant{
			ID: r.ID, Slug: r.Slug, Name: r.Name, Position: int(r.Position), Theme: r.Theme, Niche: int(r.Niche),
			Locales: r.Locales, DefaultLocale: r.DefaultLocale, Countries: r.Countries,
			TimeZone: r.TimeZone, ProfilePool: r.ProfilePool, Company: companyByID[r.CompanyID],
			VAPIDPublicKey: r.VapidPublicKey, VAPIDPrivateKey: r.VapidPrivateKey,
			RawSettings: r.Settings, CountryNames: geo.CountryNames(r.Locales, r.Countries),
		}
		if err := json.Unmarshal(r.Settings, &t.Settings); err != nil {
			return nil, nil, fmt.Errorf("tenant %s settings: %w", r.Slug, err)
		}
		if t.Look, err = lookOf(r.Settings); err != nil {
			return nil, nil, fmt.Errorf("tenant %s: %w", r.Slug, err)
		}
		t.Location, err = time.LoadLocation(r.TimeZone)
		if err != nil {
			d.log.Warn("unknown tenant time zone, using UTC", "tenant", r.Slug, "zone", r.TimeZone)
			t.Location = time.UTC
		}
		byID[r.ID] = t
		all = append(all, t)
	}
	byHost := make(map[string]*Tenant, len(hosts))
	for _, h := range hosts {
		t := byID[h.TenantID]
		if t == nil {
			continue
		}
		t.Hosts = append(t.Hosts, h.Host)
		if h.IsPrimary {
			t.PrimaryHost = h.Host
		}
		byHost[h.Host] = t
	}
	return all, byHost, nil
}

// NormalizeHost lower-cases host and strips its port and a trailing dot.
func NormalizeHost(host string) string {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	return strings.TrimSuffix(strings.ToLower(strings.TrimSpace(host)), ".")
}
