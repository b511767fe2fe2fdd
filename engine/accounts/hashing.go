package accounts

import (
	"context"
	"fmt"
	"runtime"

	"github.com/alexedwards/argon2id"
	"golang.org/x/sync/semaphore"
)

// HashMemoryBudget is the memory the password hashes of one engine
// instance may cause together. One argon2id hash with the production
// parameters takes 64 MiB for its whole run, and that much again as
// garbage until the collector runs (it lets the heap grow to twice what is
// live); without a bound a burst of logins or resets took the engine to
// gigabytes. 128 MiB is one production hash at a time, which keeps the
// engine under 400 MB in any burst (TestParallelHashesAreBounded).
const HashMemoryBudget = 128 << 20

// hashSlots is how many hashes with params may run at once: as many as the
// memory budget holds (each counted twice, see HashMemoryBudget), at most
// as many as the processors can run side by side (one hash keeps
// Parallelism of them busy; more would only queue for the CPU while
// holding their memory), at least one.
func hashSlots(params *argon2id.Params, budget int64, procs int) int64 {
	n := int64(procs) / int64(max(params.Parallelism, 1))
	if per := 2 * int64(params.Memory) << 10; per > 0 {
		n = min(n, budget/per)
	}
	return max(n, 1)
}

// newHashGate is the semaphore every password hash passes, sized by
// hashSlots for the engine's processors.
func newHashGate(params *argon2id.Params) *semaphore.Weighted {
	return semaphore.NewWeighted(hashSlots(params, HashMemoryBudget, runtime.GOMAXPROCS(0)))
}

// hashing waits for a hash slot, as long as ctx (the request) lasts, and
// returns its release.
func (s *Service) hashing(ctx context.Context) (release func(), err error) {
	if err := s.hashGate.Acquire(ctx, 1); err != nil {
		return nil, fmt.Errorf("wait to hash a password: %w", err)
	}
	return func() { s.hashGate.Release(1) }, nil
}

// HashPassword hashes a password with argon2id, waiting for a hash slot.
func (s *Service) HashPassword(ctx context.Context, password string) (string, error) {
	release, err := s.hashing(ctx)
	if err != nil {
		return "", err
	}
	defer release()
	return argon2id.CreateHash(password, s.HashParams)
}

// comparePassword says whether password is the one hash was made of,
// waiting for a hash slot; a hash it cannot read matches nothing. The
// error is the wait's: the request ended first.
func (s *Service) comparePassword(ctx context.Context, password, hash string) (bool, error) {
	release, err := s.hashing(ctx)
	if err != nil {
		return false, err
	}
	defer release()
	ok, err := argon2id.ComparePasswordAndHash(password, hash)
	return ok && err == nil, nil
}
