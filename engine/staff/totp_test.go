package staff_test

import (
	"net/netip"
	"testing"
	"time"

	"rendezvous/engine/staff"
)

var noAddr netip.Addr

// TestTOTPCodesMatchRFC6238: the SHA-1 test vectors of RFC 6238 appendix B,
// truncated to the six digits authenticator apps show.
func TestTOTPCodesMatchRFC6238(t *testing.T) {
	t.Parallel()
	const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ" // base32 of "12345678901234567890"
	for _, tc := range []struct {
		unix int64
		code string
	}{
		{59, "287082"},
		{1111111109, "081804"},
		{1111111111, "050471"},
		{1234567890, "005924"},
		{2000000000, "279037"},
		{20000000000, "353130"},
	} {
		got, err := staff.TOTPCode(secret, time.Unix(tc.unix, 0))
		if err != nil || got != tc.code {
			t.Errorf("at %d: %q, %v; want %q", tc.unix, got, err, tc.code)
		}
	}
}
