package accounts

import (
	"log/slog"
	"strings"
	"testing"

	"github.com/alexedwards/argon2id"
)

// The hash compared for unknown addresses is made at the first such login,
// with the service's parameters, not when the package loads or the service
// is made: that cost every start one argon2id hash
// (engine/cmd/bench/HISTORY.md).
func TestDummyHashIsLazy(t *testing.T) {
	t.Parallel()
	s := NewService(Deps{Log: slog.New(slog.DiscardHandler)})
	if s.dummy != "" {
		t.Fatal("NewService made the dummy hash")
	}
	s.HashParams = &argon2id.Params{Memory: 64, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}
	h := s.dummyHash()
	if !strings.HasPrefix(h, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Fatalf("dummy hash %q not made with the service's parameters", h)
	}
	if again := s.dummyHash(); again != h {
		t.Fatal("dummy hash made twice")
	}
}

// The hash slots follow the memory budget and the processors: production
// parameters (64 MiB, two lanes) get one slot on any machine; small
// hashes get one per lane pair the processors run.
func TestHashSlots(t *testing.T) {
	t.Parallel()
	small := &argon2id.Params{Memory: 1024, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}
	cases := []struct {
		params *argon2id.Params
		procs  int
		want   int64
	}{
		{argon2id.DefaultParams, 2, 1},
		{argon2id.DefaultParams, 64, 1},
		{argon2id.DefaultParams, 1, 1},
		{small, 8, 8},
		{small, 1, 1},
		{&argon2id.Params{Memory: 16 << 10, Iterations: 1, Parallelism: 2}, 16, 4},
	}
	for _, c := range cases {
		if got := hashSlots(c.params, HashMemoryBudget, c.procs); got != c.want {
			t.Errorf("%d KiB, %d lanes, %d processors: %d slots, want %d", c.params.Memory, c.params.Parallelism, c.procs, got, c.want)
		}
	}
}
