package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// Loading the engine's packages does no heavy work: every start of every
// command pays for it before it does anything. An argon2id hash made when
// engine/accounts loaded (64 MiB) once cost each start 7 s on a loaded
// 2-core machine (engine/cmd/bench/HISTORY.md, the second start). The
// runtime's init trace of this test binary, which links the same packages as
// the command, lists what each package's initialisation allocated.
func TestPackageInitsStayLight(t *testing.T) {
	t.Parallel()
	const limit = 16 << 20 // bytes one package's initialisation may allocate
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("run the test binary with no tests: %v\n%s", err, stderr.String())
	}
	seen := 0
	sc := bufio.NewScanner(&stderr)
	for sc.Scan() {
		// init rendezvous/engine/accounts @792 ms, 7066 ms clock, 68269976 bytes, 978 allocs
		f := strings.Fields(sc.Text())
		if len(f) < 10 || f[0] != "init" || f[8] != "bytes," {
			continue
		}
		seen++
		n, err := strconv.ParseInt(f[7], 10, 64)
		if err != nil {
			t.Fatalf("init trace line %q: %v", sc.Text(), err)
		}
		if n > limit {
			t.Errorf("initialising %s allocates %d bytes (limit %d): make that work lazy", f[1], n, limit)
		}
	}
	if seen < 50 {
		t.Fatalf("only %d init trace lines; has GODEBUG=inittrace's format changed?\n%s", seen, stderr.String())
	}
}
