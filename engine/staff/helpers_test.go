package staff_test

import (
	"testing"

	"rendezvous/engine/platform/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }
