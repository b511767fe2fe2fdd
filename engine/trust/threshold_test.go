package trust_test

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"rendezvous/engine/platform/pgtest"
	"rendezvous/engine/trust"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// TestSamePhotoThreshold: copies of a photo that were resized, recompressed
// or had a border cropped off are within trust.MatchDistance of it, as the
// engine's upload processing hashes them; photos of different people are
// not. The figures behind the threshold: copies differ by at most 4 bits
// here, different pictures by at least 14.
func TestSamePhotoThreshold(t *testing.T) {
	t.Parallel()
	for seed := uint64(1); seed <= 6; seed++ {
		orig := portrait(seed, 900, 1200)
		h := hashOf(t, encodeJPEG(t, orig, 92))
		for _, c := range []struct {
			name   string
			upload []byte
		}{
			{"resized to half", encodeJPEG(t, resized(orig, 450, 600), 92)},
			{"resized up", encodeJPEG(t, resized(orig, 1200, 1600), 92)},
			{"recompressed at quality 40", encodeJPEG(t, orig, 40)},
			{"resized and recompressed", encodeJPEG(t, resized(orig, 600, 800), 55)},
			{"cropped by 2%", encodeJPEG(t, cropped(orig, 2), 85)},
		} {
			if d := trust.Distance(h, hashOf(t, c.upload)); d > trust.MatchDistance {
				t.Errorf("portrait %d %s: distance %d, want at most %d", seed, c.name, d, trust.MatchDistance)
			}
		}
	}
	var hashes []uint64
	for seed := uint64(100); seed < 140; seed++ {
		hashes = append(hashes, hashOf(t, encodeJPEG(t, portrait(seed, 600, 800), 85)))
	}
	for i := range hashes {
		for j := i + 1; j < len(hashes); j++ {
			if d := trust.Distance(hashes[i], hashes[j]); d <= trust.MatchDistance {
				t.Errorf("portraits %d and %d are different people at distance %d", 100+i, 100+j, d)
			}
		}
	}
}

// TestBandsFindEveryCloseHash: whatever bits differ, two hashes within
// MatchDistance share a band within one bit, so the band probes find
// every close photo.
func TestBandsFindEveryCloseHash(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 11))
	for range 20000 {
		a := r.Uint64()
		b := a
		for range r.IntN(trust.MatchDistance + 1) {
			b ^= 1 << r.IntN(64)
		}
		if !trust.ProbesReach(a, b) {
			t.Fatalf("%016x and %016x (distance %d): no band within one bit", a, b, bits.OnesCount64(a^b))
		}
	}
	// And the probes are not everything: a far hash shares no probe.
	if trust.ProbesReach(0, ^uint64(0)) {
		t.Fatal("opposite hashes reached by the probes")
	}
}
