package demo

import (
	"context"
	"fmt"
	"hash/fnv"
	"log/slog"
	"math/rand/v2"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/alexedwards/argon2id"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/text/unicode/norm"

	"rendezvous/engine/accounts"
	"rendezvous/engine/chat"
	"rendezvous/engine/credits"
	"rendezvous/engine/demo/internal/db"
	"rendezvous/engine/likes"
	"rendezvous/engine/media"
	"rendezvous/engine/profiles"
	"rendezvous/engine/tenancy"
)

// Password is the password of every demo login.
const Password = "demo-password"

// LoginEmail is the email of a tenant's free demo member, who logs in with
// Password.
func LoginEmail(slug string) string { return "demo@" + slug + ".example" }

// PremiumEmail is the email of a tenant's premium demo member (paid_user,
// 500 credits), who logs in with Password.
func PremiumEmail(slug string) string { return "premium@" + slug + ".example" }

// greetings are the house profiles' first messages to the demo logins, in
// the tenant's language.
var greetings = map[string][]string{
	"nl": {"Hoi %s! Leuk profiel, zin om even te kletsen?", "Hey %s, ik zag je in de buurt. Hoe is je dag?"},
	"de": {"Hallo %s! Schönes Profil, Lust zu schreiben?", "Hey %s, ich habe dich in der Nähe gesehen. Wie geht's dir?"},
	"en": {"Hi %s! Nice profile, fancy a chat?", "Hey %s, I saw you're nearby. How is your day going?"},
}

// emailDomain marks demo members, so a pool that has them is not seeded
// twice.
const emailDomain = ".demo.example"

// Seeder adds the demo data.
type Seeder struct {
	Pool   *pgxpool.Pool
	Store  media.Store
	Images *media.Processor
	Log    *slog.Logger
	// PerPool is how many members each profile pool gets.
	PerPool int
	// Workers draw and process photos in parallel.
	Workers int
	// SharedPhotos is how many distinct pictures Generate's profiles share:
	// drawing and processing a photo per profile would make a
	// 100,000-profile set take an hour, and what benchmarks measure is rows,
	// not pixels. Each photo holds its blobs (media references), so a
	// shared blob is only deleted when no photo holds it any more.
	SharedPhotos int
	Now          func() time.Time
}

// NewSeeder returns a seeder of 60 members a pool.
func NewSeeder(pool *pgxpool.Pool, store media.Store, images *media.Processor, log *slog.Logger) *Seeder {
	return &Seeder{Pool: pool, Store: store, Images: images, Log: log, PerPool: 60, Workers: 2, SharedPhotos: 24, Now: time.Now}
}

// Seed gives every pool its demo members and every tenant its two demo
// logins, skipping what exists already: a restart adds nothing.
func (s *Seeder) Seed(ctx context.Context) error {
	q := db.New(s.Pool)
	tenants, err := q.DemoTenantList(ctx)
	if err != nil {
		return fmt.Errorf("demo: tenants: %w", err)
	}
	for _, t := range tenants {
		have, err := q.DemoPoolCount(ctx, t.ProfilePool)
		if err != nil {
			return err
		}
		if missing := s.PerPool - int(have); missing > 0 {
			s.Log.Info("demo: adding members", "tenant", t.Slug, "pool", t.ProfilePool, "members", missing)
			if err := s.addMembers(ctx, t, missing); err != nil {
				return err
			}
		}
		exists, err := q.DemoMemberExists(ctx, db.DemoMemberExistsParams{TenantID: t.ID, Email: LoginEmail(t.Slug)})
		if err != nil {
			return err
		}
		if !exists {
			if err := s.addLogins(ctx, t); err != nil {
				return err
			}
			s.Log.Info("demo: logins", "tenant", t.Slug, "free", LoginEmail(t.Slug), "premium", PremiumEmail(t.Slug), "password", Password)
		}
	}
	return nil
}

// batch is members, profiles and photos written together by COPY, each
// through the area that owns it.
type batch struct {
	// terms and privacy are the brand's versions the members accepted at
	// signup (with the orientation consent); house profiles accept none.
	terms, privacy string
	members        []accounts.BulkMember
	profiles       []profiles.BulkProfile
	photos         []profiles.BulkPhoto
}

func (b *batch) add(t db.DemoTenantListRow, id int64, email, hash string, p person, signup time.Time) {
	b.members = append(b.members, accounts.BulkMember{
		ID: id, TenantID: t.ID, Email: email, PasswordHash: hash, Status: "active",
		Language: t.DefaultLocale, IsHouse: p.isHouse, SignupDate: signup, LastSeenAt: p.lastActive, Demo: true,
		AccountKind: p.accountKind,
	})
	if !p.isHouse {
		m := &b.members[len(b.members)-1]
		m.TermsVersion, m.PrivacyVersion = b.terms, b.privacy
	}
	b.profiles = append(b.profiles, profiles.BulkProfile{
		ID: id, Pool: t.ProfilePool, Name: p.name, Gender: p.gender, Seeking: p.seeking, Sexuality: p.sexuality,
		DateOfBirth: p.born, Country: p.country, Region: p.region, City: p.city,
		Interests: p.interests, HairColor: p.hair, EyeColor: p.eyes, BodyType: p.body, RelationshipStatus: p.relationship,
		Tattoos: p.tattoos, AboutMe: p.about, Status: "active", Invisible: p.invisible, LastActiveAt: p.lastActive,
	})
}

// newBatch is an empty batch of members of tenant id, who accept the
// brand's current terms and privacy statement.
func (s *Seeder) newBatch(ctx context.Context, id int64) (batch, error) {
	t, err := tenancy.NewDirectory(s.Pool, s.Log).ByID(ctx, id)
	if err != nil {
		return batch{}, fmt.Errorf("demo: tenant %d: %w", id, err)
	}
	return batch{terms: t.TermsVersion(), privacy: t.PrivacyVersion()}, nil
}

// write stores the batch in one transaction, then runs after in it.
func (b *batch) write(ctx context.Context, pool *pgxpool.Pool, after func(pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := accounts.CopyMembers(ctx, tx, b.members); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
		if err := profiles.CopyProfiles(ctx, tx, b.profiles); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
		if err := profiles.CopyPhotos(ctx, tx, b.photos); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
		if after != nil {
			return after(tx)
		}
		return nil
	})
}

// storedPhoto is a drawn picture after the upload pipeline, in the store.
type storedPhoto struct {
	display, thumb string
	w, h           int32
}

// photo draws, processes and stores one picture.
func (s *Seeder) photo(ctx context.Context, seed uint64, name string, variant int) (storedPhoto, error) {
	rng := rand.New(rand.NewPCG(seed, uint64(variant)))
	out, err := s.Images.Process(ctx, drawPhoto(rng, name, variant))
	if err != nil {
		return storedPhoto{}, fmt.Errorf("demo: process photo: %w", err)
	}
	key := media.NewKey()
	sp := storedPhoto{display: key + ".jpg", thumb: key + "_t.jpg", w: int32(out.Width), h: int32(out.Height)}
	if err := s.Store.Put(ctx, sp.display, out.Display, "image/jpeg"); err != nil {
		return storedPhoto{}, err
	}
	if err := s.Store.Put(ctx, sp.thumb, out.Thumb, "image/jpeg"); err != nil {
		return storedPhoto{}, err
	}
	return sp, nil
}

type photoJob struct {
	member  int // index in the batch
	seed    uint64
	name    string
	variant int
}

// photos makes the pictures of jobs on Workers goroutines, logging
// progress, and returns them in job order.
func (s *Seeder) photos(ctx context.Context, label string, jobs []photoJob) ([]storedPhoto, error) {
	out := make([]storedPhoto, len(jobs))
	errs := make([]error, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for w := 0; w < max(1, s.Workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i], errs[i] = s.photo(ctx, jobs[i].seed, jobs[i].name, jobs[i].variant)
				mu.Lock()
				done++
				if done%25 == 0 || done == len(jobs) {
					s.Log.Info("demo: photos", "for", label, "done", done, "of", len(jobs))
				}
				mu.Unlock()
			}
		}()
	}
	for i := range jobs {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, ctx.Err()
}

func (s *Seeder) passwordHash() (string, error) {
	return argon2id.CreateHash(Password, argon2id.DefaultParams)
}

func poolSeed(parts ...string) uint64 {
	h := fnv.New64a()
	for _, p := range parts {
		h.Write([]byte(p))
	}
	return h.Sum64()
}

// addMembers adds n varied members to t's pool, with photos.
func (s *Seeder) addMembers(ctx context.Context, t db.DemoTenantListRow, n int) error {
	now := s.Now()
	rng := rand.New(rand.NewPCG(poolSeed(t.ProfilePool), uint64(now.UnixNano())))
	hash, err := s.passwordHash()
	if err != nil {
		return err
	}
	ids, err := accounts.ReserveMemberIDs(ctx, s.Pool, n)
	if err != nil {
		return fmt.Errorf("demo: reserve ids: %w", err)
	}
	where := places{}
	b, err := s.newBatch(ctx, t.ID)
	if err != nil {
		return err
	}
	var jobs []photoJob
	for i, id := range ids {
		p := newPerson(rng, now, t.Countries, t.DefaultLocale, int(t.Niche), where)
		if i < 2 {
			// However small, a pool has house profiles to greet and
			// auto-like its members.
			p.isHouse, p.invisible = true, false
		}
		email := fmt.Sprintf("%s.%d@%s%s", asciiSlug(p.name), id, t.Slug, emailDomain)
		b.add(t, id, email, hash, p, now.Add(-time.Duration(rng.IntN(400*24))*time.Hour))
		for v := 0; v < p.photos; v++ {
			jobs = append(jobs, photoJob{member: i, seed: poolSeed(t.ProfilePool, email), name: p.name, variant: v})
		}
	}
	stored, err := s.photos(ctx, t.ProfilePool, jobs)
	if err != nil {
		return err
	}
	for j, sp := range stored {
		b.photos = append(b.photos, profiles.BulkPhoto{ProfileID: ids[jobs[j].member], Filename: sp.display,
			ThumbFilename: sp.thumb, Status: "active", Position: int32(jobs[j].variant + 1), Width: sp.w, Height: sp.h,
			Reviewed: true})
	}
	return b.write(ctx, s.Pool, nil)
}

// addLogins adds the tenant's free and premium demo logins, each with
// photos and some new likes from the pool's members.
func (s *Seeder) addLogins(ctx context.Context, t db.DemoTenantListRow) error {
	now := s.Now()
	hash, err := s.passwordHash()
	if err != nil {
		return err
	}
	ids, err := accounts.ReserveMemberIDs(ctx, s.Pool, 2)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(poolSeed(t.Slug, "logins"), 1))
	b, err := s.newBatch(ctx, t.ID)
	if err != nil {
		return err
	}
	var jobs []photoJob
	for i, email := range []string{LoginEmail(t.Slug), PremiumEmail(t.Slug)} {
		p := newPerson(rng, now, t.Countries, t.DefaultLocale, 1, places{})
		p.gender, p.seeking, p.sexuality, p.isHouse, p.invisible = "male", "female", "hetero", false, false
		p.born = now.AddDate(-34-i*6, -2, 0)
		p.name = []string{"Demo", "Premium Demo"}[i]
		// Logins with a published password, not people: the brand's
		// marketing and search leave them out.
		p.accountKind = accounts.KindTest
		p.lastActive = now
		b.add(t, ids[i], email, hash, p, now.Add(-time.Hour))
		for v := 0; v < 1+i; v++ {
			jobs = append(jobs, photoJob{member: i, seed: poolSeed(email), name: p.name, variant: v})
		}
	}
	stored, err := s.photos(ctx, t.Slug+" logins", jobs)
	if err != nil {
		return err
	}
	for j, sp := range stored {
		b.photos = append(b.photos, profiles.BulkPhoto{ProfileID: ids[jobs[j].member], Filename: sp.display,
			ThumbFilename: sp.thumb, Status: "active", Position: int32(jobs[j].variant + 1), Width: sp.w, Height: sp.h,
			Reviewed: true})
	}
	return b.write(ctx, s.Pool, func(tx pgx.Tx) error {
		// The premium login bought its credits, which made it premium.
		if _, _, err := credits.BookPurchase(ctx, tx, ids[1], 500, "demo", "demo data"); err != nil {
			return fmt.Errorf("demo: premium credits: %w", err)
		}
		q := db.New(tx)
		if err := s.greet(ctx, tx, q, t, ids[:2], []string{"Demo", "Premium Demo"}, now); err != nil {
			return err
		}
		likers, err := q.DemoMemberIDListByPool(ctx, db.DemoMemberIDListByPoolParams{Pool: t.ProfilePool, Gender: "female", MaxRows: 8})
		if err != nil {
			return err
		}
		for k, liker := range likers {
			for i, id := range ids[:2] {
				if (k+i)%2 == 0 || i == 0 {
					if _, err := likes.Record(ctx, tx, liker, id, "", now.Add(-time.Duration(k*37)*time.Minute)); err != nil {
						return err
					}
				}
			}
		}
		return nil
	})
}

// greet has two house profiles of the pool write to each demo login, so the
// chats page and the console's chat inbox have something in them at once.
func (s *Seeder) greet(ctx context.Context, tx pgx.Tx, q *db.Queries, t db.DemoTenantListRow, logins []int64, names []string, now time.Time) error {
	houses, err := q.DemoHouseIDListByPool(ctx, db.DemoHouseIDListByPoolParams{Pool: t.ProfilePool, MaxRows: 2})
	if err != nil {
		return fmt.Errorf("demo: house profiles: %w", err)
	}
	lines, ok := greetings[t.DefaultLocale]
	if !ok {
		lines = greetings["en"]
	}
	for i, login := range logins {
		for k, house := range houses {
			err := chat.FirstMessage(ctx, tx, house, login, fmt.Sprintf(lines[k%len(lines)], names[i]),
				now.Add(-time.Duration(10+k*25)*time.Minute))
			if err != nil {
				return fmt.Errorf("demo: greeting: %w", err)
			}
		}
	}
	return nil
}

// asciiSlug turns a name into the local part of an email address.
func asciiSlug(name string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(name)) {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			b.WriteRune(r)
		case r == ' ' && b.Len() > 0:
			b.WriteByte('.')
		}
	}
	return strings.Trim(b.String(), ".")
}
