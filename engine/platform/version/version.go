package version

import (
	"encoding/json"
	"fmt"
	"runtime/debug"
)

// Set by the linker in release builds, e.g.
// -ldflags "-X rendezvous/engine/platform/version.version=0.1.0". They are
// variables only because the linker can set nothing else; nothing else
// writes them.
var (
	version string
	commit  string
	date    string
)

// Info is the build of the running binary.
type Info struct {
	Version string `json:"version"`
	Commit  string `json:"commit"`
	Date    string `json:"date"`
	Go      string `json:"go"`
}

// unknown stands for a part neither the linker nor the toolchain recorded
// (a go build outside a git checkout).
const unknown = "unknown"

// Get is the running binary's build.
func Get() Info {
	bi, _ := debug.ReadBuildInfo()
	return resolve(version, commit, date, bi)
}

// resolve prefers what the linker set, then what the toolchain recorded:
// the module's version (a `go install ...@v0.1.0`), the VCS revision and
// time, and the Go version.
func resolve(version, commit, date string, bi *debug.BuildInfo) Info {
	info := Info{Version: version, Commit: commit, Date: date}
	modified := false
	if bi != nil {
		info.Go = bi.GoVersion
		if info.Version == "" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			info.Version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				if info.Commit == "" {
					info.Commit = s.Value
				}
			case "vcs.time":
				if info.Date == "" {
					info.Date = s.Value
				}
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	if info.Version == "" {
		info.Version = "dev"
	}
	if info.Commit == "" {
		info.Commit = unknown
	} else if modified && commit == "" {
		// A build of a checkout with uncommitted changes is not that commit.
		info.Commit += "-modified"
	}
	if info.Date == "" {
		info.Date = unknown
	}
	if info.Go == "" {
		info.Go = unknown
	}
	return info
}

// String is the build on one line, as `rendezvous version` prints it.
func (i Info) String() string {
	return fmt.Sprintf("rendezvous %s (commit %s, built %s, %s)", i.Version, i.Commit, i.Date, i.Go)
}

// JSON is the build as a JSON object.
func (i Info) JSON() []byte {
	out, _ := json.Marshal(i)
	return out
}
