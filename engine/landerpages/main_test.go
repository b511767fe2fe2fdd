package landerpages_test

import (
	"testing"

	"rendezvous/engine/platform/pgtest"
)

// TestMain gives the package's tests a throwaway PostgreSQL cluster when the
// run has none (go test of this package alone).
func TestMain(m *testing.M) { pgtest.Main(m) }
