package demo

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	mrand "math/rand/v2"
	"time"

	"rendezvous/engine/accounts"
	"rendezvous/engine/demo/internal/db"
	"rendezvous/engine/profiles"
)

// GenerateBatch is how many profiles one COPY transaction writes.
const GenerateBatch = 5000

// Progress is told how many of total profiles are written so far.
type Progress func(done, total int)

// Generate writes n more profiles (members that cannot log in) into the
// pool of the tenant with slug, in COPY batches of GenerateBatch, each with
// zero to three photos drawn from a small shared set. It is for benchmarks
// and load tests: 100,000 profiles take well under a minute.
func (s *Seeder) Generate(ctx context.Context, slug string, n int, progress Progress) error {
	q := db.New(s.Pool)
	tenants, err := q.DemoTenantList(ctx)
	if err != nil {
		return fmt.Errorf("demo: tenants: %w", err)
	}
	var t db.DemoTenantListRow
	for _, c := range tenants {
		if c.Slug == slug {
			t = c
		}
	}
	if t.ID == 0 {
		return fmt.Errorf("demo: no tenant %q", slug)
	}
	jobs := make([]photoJob, max(1, s.SharedPhotos))
	for i := range jobs {
		jobs[i] = photoJob{seed: poolSeed(t.ProfilePool, "shared"), name: firstNames["en"]["female"][i%16], variant: i}
	}
	shared, err := s.photos(ctx, t.ProfilePool+" shared", jobs)
	if err != nil {
		return err
	}
	var run [4]byte
	_, _ = rand.Read(run[:])
	runID := hex.EncodeToString(run[:])
	now := s.Now()
	rng := mrand.New(mrand.NewPCG(poolSeed(t.ProfilePool, runID), 7))
	where := places{}
	for done := 0; done < n; {
		size := min(GenerateBatch, n-done)
		ids, err := accounts.ReserveMemberIDs(ctx, s.Pool, size)
		if err != nil {
			return fmt.Errorf("demo: reserve ids: %w", err)
		}
		var b batch
		for i, id := range ids {
			p := newPerson(rng, now, t.Countries, t.DefaultLocale, int(t.Niche), where)
			p.photos = min(p.photos, 3)
			email := fmt.Sprintf("gen-%s-%d@%s%s", runID, done+i, t.Slug, emailDomain)
			b.add(t, id, email, "", p, now.Add(-time.Duration(rng.IntN(900*24))*time.Hour))
			for v := 0; v < p.photos; v++ {
				sp := shared[rng.IntN(len(shared))]
				b.photos = append(b.photos, profiles.BulkPhoto{ProfileID: id, Filename: sp.display, ThumbFilename: sp.thumb,
					Status: "active", Position: int32(v + 1), Width: sp.w, Height: sp.h})
			}
		}
		if err := b.write(ctx, s.Pool, nil); err != nil {
			return err
		}
		done += size
		if progress != nil {
			progress(done, n)
		}
	}
	return nil
}
