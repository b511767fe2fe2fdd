package config

import "testing"

// TestSecureCookiesDefault: unset, cookies are Secure unless the engine
// listens on a loopback address or a localhost name (make run, the browser
// tests); SECURE_COOKIES=1 or 0 decides either way, anything else is
// refused.
func TestSecureCookiesDefault(t *testing.T) {
	t.Parallel()
	cases := []struct {
		setting, addr string
		want, ok      bool
	}{
		{"", "127.0.0.1:8080", false, true},
		{"", "127.0.0.1:0", false, true},
		{"", "127.0.0.53:8080", false, true},
		{"", "[::1]:8080", false, true},
		{"", "localhost:8080", false, true},
		{"", "dev.localhost:8080", false, true},
		{"", "0.0.0.0:8080", true, true},
		{"", ":8080", true, true},
		{"", "[::]:8080", true, true},
		{"", "10.0.0.5:8080", true, true},
		{"", "app.example.com:8080", true, true},
		{"1", "127.0.0.1:8080", true, true},
		{"0", "0.0.0.0:8080", false, true},
		{"yes", "0.0.0.0:8080", false, false},
	}
	for _, tc := range cases {
		got, err := secureCookies(tc.setting, tc.addr)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("SECURE_COOKIES=%q on %s: %v, %v; want %v (ok %v)", tc.setting, tc.addr, got, err, tc.want, tc.ok)
		}
	}
}
