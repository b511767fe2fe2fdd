package config

import "testing"

// TestMollieAPIURL: MOLLIE_API_URL must be an http(s) URL, else the engine
// refuses to start. Not parallel: it sets the environment.
func TestMollieAPIURL(t *testing.T) {
	cases := []struct {
		value string
		ok    bool
	}{
		{"", true},
		{"https://api.mollie.com/v2", true},
		{"http://127.0.0.1:8089/v2", true},
		{"api.mollie.com/v2", false},
		{"ftp://api.mollie.com/v2", false},
		{"https://", false},
	}
	for _, tc := range cases {
		t.Run(tc.value, func(t *testing.T) {
			t.Setenv("MOLLIE_API_URL", tc.value)
			c := &Config{}
			err := c.FromEnv()
			if (err == nil) != tc.ok {
				t.Fatalf("FromEnv with MOLLIE_API_URL=%q: %v, want ok %v", tc.value, err, tc.ok)
			}
			if tc.ok && c.MollieBaseURL != tc.value {
				t.Errorf("MollieBaseURL %q", c.MollieBaseURL)
			}
		})
	}
}
