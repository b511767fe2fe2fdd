package config

import "testing"

// TestDatabaseReadURL: DATABASE_READ_URL is read beside DATABASE_URL, and
// refused without it (the private cluster has no replica). Not parallel: it
// sets the environment.
func TestDatabaseReadURL(t *testing.T) {
	cases := []struct {
		name, primary, read string
		ok                  bool
	}{
		{"neither", "", "", true},
		{"primary only", "postgres://db/rdv", "", true},
		{"both", "postgres://db/rdv", "postgres://replica/rdv", true},
		{"replica without primary", "", "postgres://replica/rdv", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("DATABASE_URL", tc.primary)
			t.Setenv("DATABASE_READ_URL", tc.read)
			c := &Config{}
			err := c.FromEnv()
			if (err == nil) != tc.ok {
				t.Fatalf("FromEnv: %v, want ok %v", err, tc.ok)
			}
			if tc.ok && c.DatabaseReadURL != tc.read {
				t.Errorf("DatabaseReadURL %q, want %q", c.DatabaseReadURL, tc.read)
			}
		})
	}
}
