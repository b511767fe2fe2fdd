package config

import (
	"flag"
	"testing"
	"time"
)

// TestShutdownGrace: SHUTDOWN_GRACE gives --shutdown-grace its default, the
// flag wins over it, and a value that is not a positive duration stops the
// start. Not parallel: it sets the environment.
func TestShutdownGrace(t *testing.T) {
	cases := []struct {
		name, env string
		args      []string
		want      time.Duration
		ok        bool
	}{
		{"unset", "", nil, 15 * time.Second, true},
		{"environment", "40s", nil, 40 * time.Second, true},
		{"flag wins", "40s", []string{"--shutdown-grace", "3s"}, 3 * time.Second, true},
		{"not a duration", "soon", nil, 0, false},
		{"zero", "0s", nil, 0, false},
		{"negative", "-5s", nil, 0, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("SHUTDOWN_GRACE", tc.env)
			fs := flag.NewFlagSet("serve", flag.ContinueOnError)
			c := Flags(fs)
			if err := fs.Parse(tc.args); err != nil {
				t.Fatal(err)
			}
			err := c.FromEnv()
			if (err == nil) != tc.ok {
				t.Fatalf("FromEnv with SHUTDOWN_GRACE=%q: %v, want ok %v", tc.env, err, tc.ok)
			}
			if tc.ok && c.ShutdownGrace != tc.want {
				t.Errorf("ShutdownGrace %v, want %v", c.ShutdownGrace, tc.want)
			}
		})
	}
}
