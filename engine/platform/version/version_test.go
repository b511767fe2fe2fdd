package version

import (
	"runtime/debug"
	"strings"
	"testing"
)

// The linker's values win; without them the toolchain's record fills in,
// and what neither knows says so rather than staying empty.
func TestResolve(t *testing.T) {
	t.Parallel()
	recorded := &debug.BuildInfo{GoVersion: "go1.99.1", Main: debug.Module{Path: "rendezvous", Version: "(devel)"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.time", Value: "2026-11-01T10:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	cases := []struct {
		name                  string
		version, commit, date string
		bi                    *debug.BuildInfo
		want                  Info
	}{
		{"release build", "0.1.0", "deadbeef", "2026-11-29T08:00:00Z", recorded,
			Info{Version: "0.1.0", Commit: "deadbeef", Date: "2026-11-29T08:00:00Z", Go: "go1.99.1"}},
		{"go build of a checkout", "", "", "", recorded,
			Info{Version: "dev", Commit: "abc123-modified", Date: "2026-11-01T10:00:00Z", Go: "go1.99.1"}},
		{"go install of a tag", "", "", "", &debug.BuildInfo{GoVersion: "go1.99.1", Main: debug.Module{Version: "v0.1.0"}},
			Info{Version: "v0.1.0", Commit: "unknown", Date: "unknown", Go: "go1.99.1"}},
		{"nothing recorded", "", "", "", nil, Info{Version: "dev", Commit: "unknown", Date: "unknown", Go: "unknown"}},
	}
	for _, c := range cases {
		if got := resolve(c.version, c.commit, c.date, c.bi); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

func TestGetNamesTheGoVersion(t *testing.T) {
	t.Parallel()
	info := Get()
	if !strings.HasPrefix(info.Go, "go1.") || !strings.Contains(info.String(), info.Go) {
		t.Errorf("Get() = %+v, String %q", info, info.String())
	}
	if !strings.Contains(string(info.JSON()), `"version":"`+info.Version+`"`) {
		t.Errorf("JSON %s", info.JSON())
	}
}
