package main

import (
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"time"
)

// profiler takes CPU profiles of the engine from its operations address
// (/debug/pprof/profile) while the message sends run, one file per turn:
// `go tool pprof -top bin/rendezvous FILE.1 FILE.2 FILE.3` reads them
// together. The allocations of each turn are FILE.allocs.N.before and
// .after: `go tool pprof -sample_index alloc_space -base FILE.allocs.1.before
// bin/rendezvous FILE.allocs.1.after`.
type profiler struct {
	opsAddr, path string
	turns         int
}

// start begins a profile of d (rounded up to whole seconds, at least one)
// and returns a function that waits for it and writes it to the next file.
func (p *profiler) start(d time.Duration) func() error {
	if p == nil {
		return func() error { return nil }
	}
	p.turns++
	path := fmt.Sprintf("%s.%d", p.path, p.turns)
	allocs := fmt.Sprintf("%s.allocs.%d", p.path, p.turns)
	if err := p.save("allocs", allocs+".before"); err != nil {
		return func() error { return err }
	}
	secs := max(1, int(math.Ceil(d.Seconds())))
	done := make(chan error, 1)
	go func() {
		client := &http.Client{Timeout: time.Duration(secs)*time.Second + 30*time.Second}
		res, err := client.Get(fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", p.opsAddr, secs))
		if err != nil {
			done <- fmt.Errorf("profile: %w", err)
			return
		}
		defer res.Body.Close()
		if res.StatusCode != http.StatusOK {
			b, _ := io.ReadAll(res.Body)
			done <- fmt.Errorf("profile: %d %s", res.StatusCode, b)
			return
		}
		f, err := os.Create(path)
		if err != nil {
			done <- err
			return
		}
		_, err = io.Copy(f, res.Body)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			fmt.Fprintln(os.Stderr, "bench: engine CPU profile in", path)
		}
		done <- err
	}()
	return func() error {
		if err := <-done; err != nil {
			return err
		}
		return p.save("allocs", allocs+".after")
	}
}

// save writes the engine's profile name (allocs) to path.
func (p *profiler) save(name, path string) error {
	res, err := http.Get(fmt.Sprintf("http://%s/debug/pprof/%s", p.opsAddr, name))
	if err != nil {
		return fmt.Errorf("profile %s: %w", name, err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("profile %s: %d", name, res.StatusCode)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	_, err = io.Copy(f, res.Body)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
